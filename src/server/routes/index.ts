import type { AppContext } from '../app-context';
import type { Handlers } from '../http/register-contract';
import { systemHandlers } from './system/system.handlers';

/** The whole handler table; the type makes a missing contract entry a compile error. */
export const createHandlers = (ctx: AppContext): Handlers => ({
  ...systemHandlers(ctx),
});
