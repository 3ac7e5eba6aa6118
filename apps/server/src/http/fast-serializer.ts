import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type JsonSchema = Record<string, unknown> & {
  anyOf?: JsonSchema[];
  properties?: Record<string, { const?: unknown }>;
};

/**
 * For hot routes: serializes with fast-json-stringify from the JSON Schema of the contract's
 * zod schema, instead of re-validating the whole answer with zod. Only the schema's fields are
 * written, so nothing internal can leak.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, url }) => {
  if (!(schema instanceof z.ZodType)) throw new Error(`${url}: response schemas must be zod`);
  return compileSerializer(schema);
};

/** A fast-json-stringify serializer of the zod schema's output: only its fields are written. */
export function compileSerializer<T>(schema: z.ZodType<T>): (value: T) => string {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  }) as JsonSchema;
  return taggedUnionSerializer(json) ?? fastJson(json);
}

/**
 * A union of objects told apart by one field's constant (getProfile: the profile with
 * `ok: true`, or `{ok:false}`): one compiled serializer per branch, chosen by that field.
 * fast-json-stringify's own `anyOf` would validate the whole answer against each branch first.
 */
function taggedUnionSerializer(json: JsonSchema): ((value: unknown) => string) | undefined {
  const { anyOf: branches, ...shared } = json;
  if (!branches || branches.length < 2) return undefined;
  const first = branches[0]?.properties ?? {};
  const tag = Object.keys(first).find((key) =>
    branches.every((branch) => branch.properties?.[key] && 'const' in branch.properties[key]),
  );
  if (!tag) return undefined;
  const byTag = new Map<unknown, (value: unknown) => string>();
  for (const branch of branches) {
    byTag.set(branch.properties?.[tag]?.const, fastJson({ ...shared, ...branch }));
  }
  if (byTag.size !== branches.length) return undefined;
  return (value) => {
    const serialize = byTag.get((value as Record<string, unknown> | null)?.[tag]);
    if (!serialize) throw new Error(`The answer's ${tag} matches no branch of its schema.`);
    return serialize(value);
  };
}
