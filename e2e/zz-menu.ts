import { startApp } from './support/app.js';
import { launchBrowser } from './support/browser.js';
import { contextFor, registerMember } from './support/members.js';

const app = await startApp();
const browser = await launchBrowser();
try {
  const m = await registerMember(app.url, 'Ada', 'Lovelace');
  for (const [w, dark] of [[375, false], [800, true], [1280, false], [1280, true]] as const) {
    const ctx = await contextFor(browser, app.url, m, { width: w, height: 800, dark });
    const page = await ctx.newPage();
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Settings & privacy' }).click();
    await page.getByRole('button', { name: 'Log out of all devices' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/zz-menu-${w}-${dark ? 'dark' : 'light'}.png` });
    await ctx.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
