import { envWholeNumber } from '../core/env-number.ts';

/**
 * The longest rendered prompt the render process hands back (USERTURN_TEMPLATE_MAX_CHARS, default 4 Mi characters).
 * Read by the render process (render-child.ts) and checked by its parent first (render.ts), where a bad value is a
 * usage error rather than a render process that cannot start.
 */
export const renderMaxChars = (): number => envWholeNumber('USERTURN_TEMPLATE_MAX_CHARS', 4 * 1024 * 1024);
