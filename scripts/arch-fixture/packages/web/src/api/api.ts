import { route } from '../../../server/src/routes/route.ts';

export const api = route;
