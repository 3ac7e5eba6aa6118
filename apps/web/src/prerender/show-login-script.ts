// By path, not by package name: the build config (prerender-plugin.ts) loads this module too.
import {
  COOKIE_NAMES,
  HOME_SCREEN_ATTRIBUTE,
} from '../../../../packages/contract/src/constants.ts';
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
 * Set by the loader on a member's home drawn by the server, called by the app once it has
 * hydrated the home (home-page.tsx): what was typed and pressed before reaches the app.
 */
export const HOME_HYDRATED_HOOK = '__hearthHomeHydrated';

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
 * paint should not share a slow network with the app's code. Where the server drew a member's
 * home (#root's `HOME_SCREEN_ATTRIBUTE`, holding the home's modules), it loads the app at once
 * with those modules: the sooner the app has the page, the shorter the time a press waits. Until the
 * app has taken that page over, a press on its buttons and links (and Enter in a text box, which
 * sends a comment) is held, and made again once
 * the app is there (`HOME_HYDRATED_HOOK`, with what was typed), on the same element, or on the
 * one in its place where the app had to draw that part again. Elsewhere it loads it at once.
 */
export function appLoaderScript({ entry, preloads, loginPreloads }: AppScripts): string {
  return `(function(){var d=document,h=d.head,login=d.documentElement.classList.contains('${PRERENDERED_LOGIN_CLASS}'),r=d.getElementById('root'),home=r&&r.getAttribute('${HOME_SCREEN_ATTRIBUTE}'),done=false;function link(href){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;h.appendChild(l)}function go(){if(done)return;done=true;var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};h.appendChild(s);${JSON.stringify(preloads)}.forEach(link);if(login)${JSON.stringify(loginPreloads)}.forEach(link);if(home)home.split(' ').forEach(function(m){if(m)link(m)})}function early(){var q=[];function path(n){var p=[];for(;n&&n!==r;n=n.parentNode)p.unshift([].indexOf.call(n.parentNode.children,n));return p}function at(p){var n=r;for(var i=0;n&&i<p.length;i++)n=n.children[p[i]];return n}function hold(e){var t=e.target&&e.target.closest&&e.target.closest('a[href],button,[role=button],[role=menuitem]');if(!t||!r.contains(t))return;e.preventDefault();e.stopPropagation();q.push([t,path(t)])}function enter(e){var t=e.target;if(e.key!=='Enter'||e.shiftKey||!t||t.tagName!=='TEXTAREA'||!r.contains(t))return;e.preventDefault();e.stopPropagation();k.push([t,path(t)])}var k=[];d.addEventListener('click',hold,true);d.addEventListener('keydown',enter,true);window.${HOME_HYDRATED_HOOK}=function(){d.removeEventListener('click',hold,true);d.removeEventListener('keydown',enter,true);r.querySelectorAll('input,textarea').forEach(function(i){var v=i.value;if(v===i.defaultValue)return;i.value=i.defaultValue;Object.getOwnPropertyDescriptor(Object.getPrototypeOf(i),'value').set.call(i,v);i.dispatchEvent(new Event('input',{bubbles:true}))});q.splice(0).forEach(function(h){var t=h[0].isConnected?h[0]:at(h[1]);if(t)t.click()});var keys=k.splice(0);setTimeout(function(){keys.forEach(function(h){var t=h[0].isConnected?h[0]:at(h[1]);if(t)t.dispatchEvent(new KeyboardEvent('keydown',{key:'Enter',code:'Enter',bubbles:true,cancelable:true}))})},0)}}function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}if(home!==null&&home!==undefined){early();return go()}if(!login)return go();painted();setTimeout(go,500)})();`;
}
