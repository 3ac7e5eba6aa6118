import {
  ACCOUNT_MESSAGES,
  DATA_EXPORT_TTL_MS,
  type DataExport,
  type Notification,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_POLL_MS } from '../../api/account';
import type { Handlers } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { sessionUser } from '../../test/fixtures';
import { renderApp, renderAsAda } from '../../test/render-app';
import { fullDate } from '../../ui/relative-time';
import { readableSize } from './export-section';

const REQUESTED = '2026-03-02T09:15:00.000Z';
const READY = '2026-03-02T09:16:00.000Z';

function buildExport(overrides: Partial<DataExport> = {}): DataExport {
  return {
    id: 'export-1',
    status: 'queued',
    requestedAt: REQUESTED,
    readyAt: null,
    expiresAt: null,
    bytes: null,
    ...overrides,
  };
}

const ready = (overrides: Partial<DataExport> = {}) =>
  buildExport({
    status: 'ready',
    readyAt: READY,
    expiresAt: new Date(Date.parse(READY) + DATA_EXPORT_TTL_MS).toISOString(),
    bytes: 1_572_864,
    ...overrides,
  });

/** The Settings page as Ada, whose zips are `exports` (a function: what the server has now). */
async function openSettings(exports: () => DataExport[], handlers: Handlers = {}) {
  const app = renderAsAda('/settings', {
    listExports: () => ({ body: { exports: exports() } }),
    ...handlers,
  });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return app;
}

const section = () => screen.getByRole('region', { name: 'Download your information' });
const requestButton = () => within(section()).getByRole('button', { name: 'Request a download' });
const rows = () =>
  within(within(section()).getByRole('list', { name: 'Your downloads' })).getAllByRole('listitem');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Settings → Download your information', () => {
  it("comes after Where you're logged in, says what a copy holds, and has none yet", async () => {
    await openSettings(() => []);
    await within(section()).findByText("You haven't asked for a copy yet.");
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles[titles.indexOf("Where you're logged in") + 1]).toBe('Download your information');
    expect(titles[titles.indexOf('Download your information') + 1]).toBe('Privacy and people');
    for (const part of [
      'posts',
      'comments',
      'search history',
      'every photo you uploaded',
      '7 days',
    ]) {
      expect(section()).toHaveTextContent(part);
    }
    expect(requestButton()).toBeEnabled();
  });

  it('a request is prepared while the page polls, then the copy can be downloaded', async () => {
    let server: DataExport[] = [];
    let listed = 0;
    const app = await openSettings(
      () => {
        listed += 1;
        return server;
      },
      {
        requestExport: () => {
          server = [buildExport()];
          return { body: server[0] };
        },
        exportLink: ({ params }) => ({
          body: {
            url: `http://hearth.test/downloads/exports/${params.exportId}?exp=1&sig=abc`,
            expiresAt: READY,
          },
        }),
      },
    );
    await within(section()).findByText("You haven't asked for a copy yet.");

    await app.user.click(requestButton());
    await within(section()).findByText(ACCOUNT_MESSAGES.exportRequested);
    expect(app.callsTo('requestExport')).toHaveLength(1);
    // One at a time: the button waits while the copy is prepared.
    expect(requestButton()).toBeDisabled();
    const [row] = rows();
    expect(row).toHaveTextContent(`Requested ${fullDate(new Date(REQUESTED))}`);
    expect(row).toHaveTextContent('Waiting to be prepared');

    // The builder takes it up, then finishes it: the page sees both by polling.
    server = [buildExport({ status: 'building' })];
    const before = listed;
    await within(section()).findByText('Being prepared…', undefined, {
      timeout: EXPORT_POLL_MS * 2,
    });
    expect(listed).toBeGreaterThan(before);
    server = [ready()];
    const download = await within(section()).findByRole(
      'button',
      { name: `Download the copy requested ${fullDate(new Date(REQUESTED))}` },
      { timeout: EXPORT_POLL_MS * 2 },
    );
    expect(rows()[0]).toHaveTextContent(
      `Ready · 1.5 MB · until ${fullDate(new Date(Date.parse(READY) + DATA_EXPORT_TTL_MS))}`,
    );
    expect(within(section()).getByText(ACCOUNT_MESSAGES.exportReady)).toHaveAttribute(
      'role',
      'status',
    );
    expect(requestButton()).toBeEnabled();
    // Ready: no more polling.
    const settled = listed;
    await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS + 500));
    expect(listed).toBe(settled);

    // Download asks for the signed address, then the browser goes there.
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await app.user.click(download);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://hearth.test/downloads/exports/export-1?exp=1&sig=abc',
      ),
    );
    expect(app.callsTo('exportLink').map((call) => call.params.exportId)).toEqual(['export-1']);
  }, 20_000);

  it('a copy already on its way elsewhere: the 409 says so and the list shows it', async () => {
    let server: DataExport[] = [];
    const app = await openSettings(() => server, {
      requestExport: () => {
        server = [buildExport({ status: 'building' })];
        return { status: 409, body: { message: ACCOUNT_MESSAGES.exportUnderWay } };
      },
    });
    await within(section()).findByText("You haven't asked for a copy yet.");
    await app.user.click(requestButton());
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.exportUnderWay,
    );
    await within(section()).findByText('Being prepared…');
    expect(requestButton()).toBeDisabled();
  });

  it('lists older copies with their status; a gone address says why', async () => {
    const app = await openSettings(
      () => [
        ready({ id: 'new', requestedAt: '2026-03-05T10:00:00.000Z', bytes: 40_000 }),
        buildExport({ id: 'old', status: 'failed', requestedAt: REQUESTED }),
      ],
      { exportLink: () => ({ status: 404, body: { message: 'Not found.' } }) },
    );
    await within(section()).findByRole('list', { name: 'Your downloads' });
    const [newest, failed] = rows();
    expect(newest).toHaveTextContent('Ready · 39 KB');
    expect(failed).toHaveTextContent('Could not be prepared. Request a new one.');
    expect(within(failed as HTMLElement).queryByRole('button')).toBeNull();
    expect(requestButton()).toBeEnabled();

    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await app.user.click(within(newest as HTMLElement).getByRole('button', { name: /^Download/ }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Not found.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('sizes read in KB, MB and GB', () => {
    expect(readableSize(300)).toBe('1 KB');
    expect(readableSize(40_000)).toBe('39 KB');
    expect(readableSize(1_572_864)).toBe('1.5 MB');
    expect(readableSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});

describe("the bell's 'ready to download' notification", () => {
  it('says so without naming anyone and leads to Settings', async () => {
    const ada = sessionUser();
    const notice: Notification = {
      _id: 'n1',
      type: 'exportReady',
      actor: {
        _id: ada.id,
        username: ada.username,
        first_name: ada.first_name,
        last_name: ada.last_name,
        picture: ada.picture,
      },
      post: null,
      react: null,
      comment: null,
      note: null,
      read: false,
      createdAt: new Date(Date.now() - 60_000).toISOString(),
    };
    stubFeed([], {
      unreadCount: () => ({ body: { count: 1 } }),
      notifications: () => ({ body: [notice] }),
      listExports: () => ({ body: { exports: [ready()] } }),
    });
    const app = renderApp('/', { user: ada });
    await app.user.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = await within(panel).findByRole('link', { name: /ready to download/ });
    expect(link).toHaveAttribute('href', '/settings');
    expect(link).not.toHaveTextContent(`${ada.first_name} ${ada.last_name}`);
    expect(link).toHaveTextContent(ACCOUNT_MESSAGES.exportReady);
    await app.user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await within(section()).findByRole('button', { name: /^Download the copy/ });
  });
});
