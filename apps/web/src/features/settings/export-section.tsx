import type { DataExport } from '@hearth/contract';
import { useState } from 'react';
import {
  isExportUnderWay,
  useExportLinkMutation,
  useExportsQuery,
  useRequestExportMutation,
} from '../../api/account';
import { errorMessage } from '../../api/client';
import { formatLocale, T, translate, useT } from '../../i18n';
import { contractMessages } from '../../i18n/server.messages';
import buttons from '../../ui/button.module.css';
import { ErrorBox } from '../../ui/error-box';
import { FormMessage } from '../../ui/message';
import { fullDate } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import styles from './account-settings.module.css';
import { exportMessages as m } from './export-section.messages';
import own from './export-section.module.css';
import { Section } from './settings-form-parts';

/** A number as the language writes it, with `digits` decimals (1.5, or 1,5 in French). */
function decimal(value: number, digits: number): string {
  return new Intl.NumberFormat(formatLocale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);
}

/** How a size reads: KB under a megabyte, then MB and GB with one decimal. */
export function readableSize(bytes: number): string {
  if (bytes < 1024 * 1024) {
    return translate(m.kilobytes, { size: decimal(Math.max(1, Math.round(bytes / 1024)), 0) });
  }
  if (bytes < 1024 * 1024 * 1024) {
    return translate(m.megabytes, { size: decimal(bytes / (1024 * 1024), 1) });
  }
  return translate(m.gigabytes, { size: decimal(bytes / (1024 * 1024 * 1024), 1) });
}

/** What a zip's row says of it, after the date it was asked for. */
function statusOf(dataExport: DataExport): string {
  switch (dataExport.status) {
    case 'queued':
      return translate(m.queued);
    case 'building':
      return translate(m.building);
    case 'ready':
      return translate(m.ready, {
        size: readableSize(dataExport.bytes ?? 0),
        date: fullDate(new Date(dataExport.expiresAt ?? dataExport.requestedAt)),
      });
    case 'failed':
      return translate(m.failed);
  }
}

/** Goes to the zip's address: the server answers it as a file to save, so the page stays. */
function openDownload(url: string): void {
  window.location.assign(url);
}

/**
 * Settings → Download your information: what a copy holds, a button to ask for one (disabled
 * while one is on its way: one at a time), and the copies asked for, each with its status, and
 * when ready its size, until when it can be downloaded and its Download button. The list is read
 * again every few seconds while a copy is being prepared (useExportsQuery).
 */
export function ExportSection() {
  const t = useT();
  const query = useExportsQuery();
  const request = useRequestExportMutation();
  const exports = query.data?.exports ?? [];
  const underWay = exports.some(isExportUnderWay);
  // Once asked for here: said while it is prepared, then said again when it is ready.
  const newest = exports[0];
  const said = !request.isSuccess
    ? undefined
    : newest && isExportUnderWay(newest)
      ? contractMessages.account.exportRequested
      : newest?.status === 'ready'
        ? contractMessages.account.exportReady
        : undefined;

  return (
    <Section title={t(m.title)} intro={t(m.intro)}>
      <div className={own.request}>
        <button
          type="button"
          className={styles.primary}
          disabled={query.isPending || underWay || request.isPending}
          onClick={() => request.mutate()}
        >
          {t(m.request)}
        </button>
        {request.isPending && <Spinner label={t(m.asking)} />}
        <p role="status" className={styles.status}>
          {said && t(said)}
        </p>
      </div>
      {request.isError && <FormMessage tone="error">{errorMessage(request.error)}</FormMessage>}
      {query.isPending ? (
        <div className={own.loading}>
          <Spinner label={t(m.loading)} />
        </div>
      ) : query.isError ? (
        <ErrorBox message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : exports.length === 0 ? (
        <p className={own.detail}>{t(m.none)}</p>
      ) : (
        <ExportList exports={exports} />
      )}
    </Section>
  );
}

function ExportList({ exports }: { exports: readonly DataExport[] }) {
  const t = useT();
  const link = useExportLinkMutation();
  const [error, setError] = useState<string | null>(null);
  const busyId = link.isPending ? link.variables : undefined;

  function download(dataExport: DataExport) {
    setError(null);
    link.mutate(dataExport.id, {
      onSuccess: ({ url }) => openDownload(url),
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <ul className={own.list} aria-label={t(m.listLabel)}>
        {exports.map((dataExport) => {
          const asked = fullDate(new Date(dataExport.requestedAt));
          return (
            <li key={dataExport.id} className={own.row}>
              <div className={own.about}>
                <p className={own.asked}>
                  <T
                    message={m.requested}
                    values={{ date: asked }}
                    components={{ 0: <time dateTime={dataExport.requestedAt} /> }}
                  />
                </p>
                <p className={own.detail}>{statusOf(dataExport)}</p>
              </div>
              {dataExport.status === 'ready' && (
                <button
                  type="button"
                  className={`${buttons.secondary} ${own.download}`}
                  aria-label={t(m.downloadLabel, { date: asked })}
                  disabled={busyId === dataExport.id}
                  onClick={() => download(dataExport)}
                >
                  {t(m.download)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
