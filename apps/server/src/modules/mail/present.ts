import type { MailRow } from '../../db/mail-outbox.js';
import { escapeHtml } from './templates.js';

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export function toMailboxEntry(row: MailRow): MailboxEntry {
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Escapes the text, then turns every URL in it into a link. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

export function mailboxPage(entries: MailboxEntry[]): string {
  const items = entries
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <b>${escapeHtml(m.to)}</b> · ${escapeHtml(m.createdAt)} · ${escapeHtml(m.status)}${
    m.lastError ? ` · last error: ${escapeHtml(m.lastError)}` : ''
  }</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Dev mailbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:46rem;padding:0 1rem;color:#1c1e21}
article{border:1px solid #dddfe2;border-radius:8px;padding:0 1rem;margin:1rem 0}
h2{font-size:1.05rem}.meta{color:#65676b;font-size:.85rem}pre{white-space:pre-wrap}
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Mail the server would have sent, newest first. JSON: <a href="?format=json">?format=json</a></p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}
