import { type Compilable, type CompiledQuery, createQueryId } from 'kysely';
import { type Db, engineOf } from './database.js';

/** Where a value goes in a template's parameters: the parameter `name`, or its `index`th item. */
class Slot {
  constructor(
    readonly name: string,
    readonly index: number,
  ) {}
}

/** Shapes one template keeps compiled, the most recently compiled (lists of many lengths). */
export const SHAPES_KEPT = 64;

/** A template's values: each a scalar or a list (one parameter per item: `in (…)`). */
export type TemplateParams = Record<string, string | number | readonly (string | number)[]>;

/**
 * A query built and compiled once per shape, then run with new values: for the statements every
 * feed page runs, Kysely building the same tree and compiling it to the same SQL on each request
 * was about a tenth of the server's CPU under load, and the SQL text, a new string each time,
 * was hashed again by the statement cache. A template's SQL is one string, built once.
 *
 * `build` receives stand-ins for the values (`params`), which it may only place in the query,
 * never read, and `shape`, the values that change the SQL itself (whether there is a cursor,
 * whether the viewer has blocks), which it may read. The compiled query is kept per engine, per
 * `shapeKey(shape)` and per length of each list among the values, so a list of 20 ids and one of
 * 21 are two templates. A value the built query does not hold fails at the first run: it was
 * read, not placed.
 */
export class QueryTemplate<P extends TemplateParams, R, S = undefined> {
  readonly #compiled = new Map<string, CompiledQuery<R>>();

  constructor(
    private readonly build: (db: Db, params: P, shape: S) => Compilable<R>,
    private readonly shapeKey: (shape: S) => string = () => '',
  ) {}

  /** The rows of the query for these values and this shape. */
  async run(db: Db, params: P, shape: S): Promise<R[]> {
    let key = `${engineOf(db)}|${this.shapeKey(shape)}`;
    // Which values are given, and each list's length: a template places exactly those.
    for (const name in params) {
      const value = params[name];
      key += Array.isArray(value) ? `|${name}:${value.length}` : `|${name}`;
    }
    let template = this.#compiled.get(key);
    if (template === undefined) {
      template = this.compile(db, params, shape);
      this.#compiled.set(key, template);
      if (this.#compiled.size > SHAPES_KEPT) {
        const oldest = this.#compiled.keys().next().value;
        if (oldest !== undefined) this.#compiled.delete(oldest);
      }
    }
    const parameters = template.parameters.map((value) => {
      if (!(value instanceof Slot)) return value;
      const param = params[value.name] as P[string];
      return value.index < 0 ? param : (param as readonly unknown[])[value.index];
    });
    const queryId = createQueryId();
    // Every run goes past the plugins as a compiled query would (the metrics' statement timing
    // starts its clock here); the SQL is the one compiled with them the first time, so a plugin
    // must give the same tree for the same tree, as Kysely's own do.
    db.getExecutor().transformQuery(template.query, queryId);
    const result = await db.executeQuery<R>({
      query: template.query,
      sql: template.sql,
      parameters,
      queryId,
    });
    return result.rows;
  }

  private compile(db: Db, params: P, shape: S): CompiledQuery<R> {
    const slots: Record<string, unknown> = {};
    for (const name in params) {
      const value = params[name];
      slots[name] = Array.isArray(value)
        ? value.map((_, index) => new Slot(name, index))
        : new Slot(name, -1);
    }
    const compiled = this.build(db, slots as P, shape).compile();
    const placed = new Set<string>();
    for (const value of compiled.parameters) if (value instanceof Slot) placed.add(value.name);
    for (const name in params) {
      const value = params[name];
      const empty = Array.isArray(value) && value.length === 0;
      if (!empty && !placed.has(name)) {
        throw new Error(`query template: the value '${name}' was read while building, not placed`);
      }
    }
    return compiled;
  }
}
