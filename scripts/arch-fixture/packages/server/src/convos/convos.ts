import { route } from '../routes/route.ts';

export const convos = route;
