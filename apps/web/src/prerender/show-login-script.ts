// By path, not by package name: the build config (prerender-plugin.ts) loads this module too.
import { COOKIE_NAMES } from '../../../../packages/contract/src/constants.ts';
import {
  LOGIN_SCREEN_PATHS,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_CSS_ATTRIBUTE,
  PRERENDERED_LOGIN_CLASS,
} from './prerender-constants';

/**
 * Decides before first paint whether the prerendered login screen shows: without a session
 * (the `user` cookie, read as session-cookie.ts reads it) on a path that opens on the login
 * screen. Then it also starts loading the login screen's code, and keeps the form from being
 * submitted natively before the app takes it over (that would put the password in the URL).
 * Otherwise it drops the login screen's inlined CSS, so the app loads its stylesheets as before.
 */
export function showLoginScript(modulePreloads: string[]): string {
  return `(function(){try{var m=document.cookie.match(/(?:^|; )${COOKIE_NAMES.user}=([^;]*)/),u=null;if(m){try{u=JSON.parse(decodeURIComponent(m[1]))}catch(e){}}if(!(u&&typeof u==='object'&&typeof u.token==='string')&&${LOGIN_SCREEN_PATHS}.test(location.pathname))return show();document.querySelectorAll('[${PRERENDERED_CSS_ATTRIBUTE}]').forEach(function(e){e.remove()})}catch(e){}function show(){document.documentElement.classList.add('${PRERENDERED_LOGIN_CLASS}');${JSON.stringify(modulePreloads)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});document.addEventListener('submit',function(e){if(e.target.closest&&e.target.closest('[${PRERENDERED_ATTRIBUTE}]'))e.preventDefault()},true)}})();`;
}
