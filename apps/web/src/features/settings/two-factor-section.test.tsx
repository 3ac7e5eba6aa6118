import { ACCOUNT_MESSAGES, type Account } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../test/fake-server';
import { renderAsAda } from '../../test/render-app';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';
const RECOVERY_CODES = [
  'ABCDE-FGHJK',
  'MNPQR-STUVW',
  'XYZ23-45678',
  'ABCDE-23456',
  'FGHJK-78923',
  'MNPQR-ABCDE',
  'STUVW-FGHJK',
  'XYZ23-MNPQR',
  '45678-STUVW',
  '9ABCD-XYZ23',
];

/**
 * A server that keeps Ada's two-factor sign-in: setup takes her password, enable the code
 * 123456, disable her password with that code or a recovery code; the account says what is on.
 */
async function openSettings(start: Account['twoFactor'], handlers: Handlers = {}) {
  let twoFactor = start;
  const app = renderAsAda('/settings', {
    getAccount: () => ({
      body: { email: 'ada@example.test', pendingEmail: null, twoFactor, language: 'en' },
    }),
    listSessions: () => ({ body: { sessions: [] } }),
    twoFactorSetup: ({ body }) => {
      const { currentPassword } = body as { currentPassword: string };
      if (currentPassword !== 'ada-password1') {
        return { status: 400, body: { message: ACCOUNT_MESSAGES.currentPasswordWrong } };
      }
      return {
        body: {
          secret: SECRET,
          otpauthUri: `otpauth://totp/Hearth:ada%40example.test?secret=${SECRET}&issuer=Hearth`,
          qrSvg: QR_SVG,
        },
      };
    },
    twoFactorEnable: ({ body }) => {
      if ((body as { code: string }).code !== '123456') {
        return { status: 400, body: { message: ACCOUNT_MESSAGES.twoFactorCodeWrong } };
      }
      twoFactor = { enabled: true, recoveryCodesLeft: RECOVERY_CODES.length };
      return { body: { message: ACCOUNT_MESSAGES.twoFactorOn, recoveryCodes: RECOVERY_CODES } };
    },
    twoFactorDisable: ({ body }) => {
      const { currentPassword, code } = body as { currentPassword: string; code: string };
      if (currentPassword !== 'ada-password1') {
        return { status: 400, body: { message: ACCOUNT_MESSAGES.currentPasswordWrong } };
      }
      if (code !== '123456' && code !== 'ABCDE-FGHJK') {
        return { status: 400, body: { message: ACCOUNT_MESSAGES.twoFactorCodeWrong } };
      }
      twoFactor = { enabled: false, recoveryCodesLeft: 0 };
      return { body: { message: ACCOUNT_MESSAGES.twoFactorOff } };
    },
    ...handlers,
  });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return app;
}

const section = () => screen.getByRole('region', { name: 'Two-factor sign-in' });

describe('Settings → Two-factor sign-in', () => {
  it('turning it on: the password, then the QR code and the key, a first code, and the ten recovery codes once', async () => {
    const app = await openSettings({ enabled: false, recoveryCodesLeft: 0 });
    await within(section()).findByText('Off.');
    // Right after the password on the page.
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles[titles.indexOf('Password') + 1]).toBe('Two-factor sign-in');
    await app.user.click(within(section()).getByRole('button', { name: 'Turn on' }));

    // The password first; an empty one is asked for, a wrong one refused.
    const password = within(section()).getByLabelText('Your password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await app.user.click(within(section()).getByRole('button', { name: 'Continue' }));
    expect(
      await within(section()).findByText(ACCOUNT_MESSAGES.currentPasswordRequired),
    ).toBeInTheDocument();
    await app.user.type(password, 'not-my-password');
    await app.user.click(within(section()).getByRole('button', { name: 'Continue' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );
    await app.user.clear(password);
    await app.user.type(password, 'ada-password1');
    await app.user.click(within(section()).getByRole('button', { name: 'Continue' }));

    // The QR code as an image of the server's SVG, and the key in groups of four.
    const qr = await within(section()).findByRole('img', {
      name: 'QR code of your two-factor key, for your authenticator app to scan',
    });
    const src = qr.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(QR_SVG);
    expect(within(section()).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();

    const code = within(section()).getByLabelText('6-digit code from the app');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await app.user.type(code, '999999');
    await app.user.click(within(section()).getByRole('button', { name: 'Turn on' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.twoFactorCodeWrong,
    );
    await app.user.clear(code);
    await app.user.type(code, '123 456');
    await app.user.click(within(section()).getByRole('button', { name: 'Turn on' }));
    expect(
      app.calls.filter((call) => call.name === 'twoFactorEnable').map((call) => call.body),
    ).toEqual([{ code: '999999' }, { code: '123456' }]);

    // The recovery codes, this once, even though the account now says it is on.
    const list = await within(section()).findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(within(section()).getByText(ACCOUNT_MESSAGES.twoFactorOn)).toBeInTheDocument();
    await app.user.click(within(section()).getByRole('button', { name: 'Copy' }));
    expect(await within(section()).findByRole('status')).toHaveTextContent('Copied.');
    expect(await navigator.clipboard.readText()).toBe(`${RECOVERY_CODES.join('\n')}\n`);

    await app.user.click(within(section()).getByRole('button', { name: 'I saved them' }));
    expect(await within(section()).findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(within(section()).queryByRole('list')).not.toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('Cancel while turning it on goes back, and nothing is on', async () => {
    const app = await openSettings({ enabled: false, recoveryCodesLeft: 0 });
    await app.user.click(await within(section()).findByRole('button', { name: 'Turn on' }));
    await app.user.type(within(section()).getByLabelText('Your password'), 'ada-password1');
    await app.user.click(within(section()).getByRole('button', { name: 'Continue' }));
    await within(section()).findByRole('img');
    await app.user.click(within(section()).getByRole('button', { name: 'Cancel' }));
    expect(await within(section()).findByText('Off.')).toBeInTheDocument();
    expect(within(section()).queryByRole('img')).not.toBeInTheDocument();
    expect(app.calls.some((call) => call.name === 'twoFactorEnable')).toBe(false);
  });

  it('when on: the recovery codes left, and turning it off with the password and a code', async () => {
    const app = await openSettings({ enabled: true, recoveryCodesLeft: 7 });
    expect(await within(section()).findByText('7 recovery codes left.')).toBeInTheDocument();
    expect(within(section()).getByText('On.')).toBeInTheDocument();
    await app.user.click(within(section()).getByRole('button', { name: 'Turn off' }));

    const password = within(section()).getByLabelText('Your password');
    const code = within(section()).getByLabelText('Code from your app, or a recovery code');
    expect(password).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await app.user.click(within(section()).getByRole('button', { name: 'Turn off' }));
    expect(
      await within(section()).findByText(ACCOUNT_MESSAGES.currentPasswordRequired),
    ).toBeInTheDocument();
    expect(within(section()).getByText(ACCOUNT_MESSAGES.loginCodeNeeded)).toBeInTheDocument();
    expect(app.calls.some((call) => call.name === 'twoFactorDisable')).toBe(false);

    await app.user.type(password, 'ada-password1');
    await app.user.type(code, '000000');
    await app.user.click(within(section()).getByRole('button', { name: 'Turn off' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.twoFactorCodeWrong,
    );

    await app.user.clear(code);
    await app.user.type(code, 'ABCDE-FGHJK');
    await app.user.click(within(section()).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(within(section()).getByRole('status')).toHaveTextContent(
        ACCOUNT_MESSAGES.twoFactorOff,
      ),
    );
    expect(within(section()).getByText('Off.')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(
      app.calls.filter((call) => call.name === 'twoFactorDisable').map((call) => call.body),
    ).toEqual([
      { currentPassword: 'ada-password1', code: '000000' },
      { currentPassword: 'ada-password1', code: 'ABCDE-FGHJK' },
    ]);
  });

  it('one recovery code left is said in the singular', async () => {
    await openSettings({ enabled: true, recoveryCodesLeft: 1 });
    expect(await within(section()).findByText('1 recovery code left.')).toBeInTheDocument();
  });
});
