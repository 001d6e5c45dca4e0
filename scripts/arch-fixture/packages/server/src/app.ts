import { app as web } from '../../web/src/app/app.ts';
import { route } from './routes/route.ts';

export const app = route + web;
