/**
 * The only inline script of the site: applies a stored theme choice before first paint. Its sha-256 is added to
 * the Content-Security-Policy by astro.config.mjs (keep this string and the hash in one place).
 */
export const THEME_INIT = "try{var t=localStorage.getItem('userturn-theme');if(t==='dark'||t==='light')document.documentElement.dataset.theme=t}catch(e){}";
