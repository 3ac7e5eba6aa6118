// By path, not by package name: the build config (prerender-plugin.ts) loads this module too.
import { COOKIE_NAMES } from '../../../../packages/contract/src/constants.ts';
import {
  CREATE_ACCOUNT_ATTRIBUTE,
  LOGIN_SCREEN_PATHS,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_CSS_ATTRIBUTE,
  PRERENDERED_LOGIN_CLASS,
  PRERENDERED_LOGIN_SUBMITTED_CLASS,
  PRERENDERED_SIGNUP_CLASS,
} from './prerender-constants';

/**
 * Decides before first paint whether the prerendered login screen shows: without a session
 * (the `user` cookie, read as session-cookie.ts reads it) on a path that opens on the login
 * screen. Then it also keeps the form from being submitted natively before the app takes it
 * over (that would put the password in the URL), and notes the submit for the app to replay,
 * as it notes a press of Create Account (the app then opens Sign Up).
 * Otherwise it drops the login screen's inlined CSS, so the app loads its stylesheets as before.
 */
export function showLoginScript(): string {
  return `(function(){try{var m=document.cookie.match(/(?:^|; )${COOKIE_NAMES.user}=([^;]*)/),u=null;if(m){try{u=JSON.parse(decodeURIComponent(m[1]))}catch(e){}}if(!(u&&typeof u==='object'&&typeof u.token==='string')&&${LOGIN_SCREEN_PATHS}.test(location.pathname))return show();document.querySelectorAll('[${PRERENDERED_CSS_ATTRIBUTE}]').forEach(function(e){e.remove()})}catch(e){}function show(){document.documentElement.classList.add('${PRERENDERED_LOGIN_CLASS}');document.addEventListener('submit',function(e){if(e.target.closest&&e.target.closest('[${PRERENDERED_ATTRIBUTE}]')){e.preventDefault();document.documentElement.classList.add('${PRERENDERED_LOGIN_SUBMITTED_CLASS}')}},true);document.addEventListener('click',function(e){var t=e.target;if(t&&t.closest&&t.closest('[${PRERENDERED_ATTRIBUTE}] [${CREATE_ACCOUNT_ATTRIBUTE}]'))document.documentElement.classList.add('${PRERENDERED_SIGNUP_CLASS}')},true)}})();`;
}

export interface AppScripts {
  /** The app's entry module. */
  entry: string;
  /** The modules it imports (Vite's modulepreload links). */
  preloads: string[];
  /** The login screen's modules, when the prerendered login screen shows. */
  loginPreloads: string[];
}

/**
 * Loads the app, from the end of <body> (so #root is there when it runs). Where the prerendered
 * login screen shows, it waits for the first paint: the screen needs no script to show, and its
 * paint should not share a slow network with the app's code. Elsewhere it loads it at once.
 */
export function appLoaderScript({ entry, preloads, loginPreloads }: AppScripts): string {
  return `(function(){var d=document,h=d.head,login=d.documentElement.classList.contains('${PRERENDERED_LOGIN_CLASS}'),done=false;function link(href){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;h.appendChild(l)}function go(){if(done)return;done=true;var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};h.appendChild(s);${JSON.stringify(preloads)}.forEach(link);if(login)${JSON.stringify(loginPreloads)}.forEach(link)}if(!login)return go();requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,500)})();`;
}
