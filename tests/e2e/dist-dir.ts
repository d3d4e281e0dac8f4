/** Where the e2e build is written (its own folder: `npm test` must not overwrite the dist/ that `npm run demo` built). */
export const E2E_DIST = '.demo/e2e-dist';
