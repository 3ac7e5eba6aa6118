import { ACCOUNT_MESSAGES, type DataExport } from '@hearth/contract';
import { useState } from 'react';
import {
  isExportUnderWay,
  useExportLinkMutation,
  useExportsQuery,
  useRequestExportMutation,
} from '../../api/account';
import { errorMessage } from '../../api/client';
import buttons from '../../ui/button.module.css';
import { ErrorBox } from '../../ui/error-box';
import { FormMessage } from '../../ui/message';
import { fullDate } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import styles from './account-settings.module.css';
import own from './export-section.module.css';
import { Section } from './settings-form-parts';

/** How a size reads: KB under a megabyte, then MB and GB with one decimal. */
export function readableSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/** What a zip's row says of it, after the date it was asked for. */
function statusOf(dataExport: DataExport): string {
  switch (dataExport.status) {
    case 'queued':
      return 'Waiting to be prepared';
    case 'building':
      return 'Being prepared…';
    case 'ready':
      return `Ready · ${readableSize(dataExport.bytes ?? 0)} · until ${fullDate(
        new Date(dataExport.expiresAt ?? dataExport.requestedAt),
      )}`;
    case 'failed':
      return 'Could not be prepared. Request a new one.';
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
  const query = useExportsQuery();
  const request = useRequestExportMutation();
  const exports = query.data?.exports ?? [];
  const underWay = exports.some(isExportUnderWay);
  // Once asked for here: said while it is prepared, then said again when it is ready.
  const newest = exports[0];
  const said = !request.isSuccess
    ? undefined
    : newest && isExportUnderWay(newest)
      ? ACCOUNT_MESSAGES.exportRequested
      : newest?.status === 'ready'
        ? ACCOUNT_MESSAGES.exportReady
        : undefined;

  return (
    <Section
      title="Download your information"
      intro="A zip file with a copy of your profile, your posts (with their earlier versions), comments, reactions, saved posts, friends and follows, blocks and mutes, search history and notifications, and every photo you uploaded. We prepare it in the background and tell you when it's ready; you can then download it for 7 days."
    >
      <div className={own.request}>
        <button
          type="button"
          className={styles.primary}
          disabled={query.isPending || underWay || request.isPending}
          onClick={() => request.mutate()}
        >
          Request a download
        </button>
        {request.isPending && <Spinner label="Asking for your information" />}
        <p role="status" className={styles.status}>
          {said}
        </p>
      </div>
      {request.isError && <FormMessage tone="error">{errorMessage(request.error)}</FormMessage>}
      {query.isPending ? (
        <div className={own.loading}>
          <Spinner label="Loading your downloads" />
        </div>
      ) : query.isError ? (
        <ErrorBox message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : exports.length === 0 ? (
        <p className={own.detail}>You haven't asked for a copy yet.</p>
      ) : (
        <ExportList exports={exports} />
      )}
    </Section>
  );
}

function ExportList({ exports }: { exports: readonly DataExport[] }) {
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
      <ul className={own.list} aria-label="Your downloads">
        {exports.map((dataExport) => {
          const asked = fullDate(new Date(dataExport.requestedAt));
          return (
            <li key={dataExport.id} className={own.row}>
              <div className={own.about}>
                <p className={own.asked}>
                  Requested <time dateTime={dataExport.requestedAt}>{asked}</time>
                </p>
                <p className={own.detail}>{statusOf(dataExport)}</p>
              </div>
              {dataExport.status === 'ready' && (
                <button
                  type="button"
                  className={`${buttons.secondary} ${own.download}`}
                  aria-label={`Download the copy requested ${asked}`}
                  disabled={busyId === dataExport.id}
                  onClick={() => download(dataExport)}
                >
                  Download
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
