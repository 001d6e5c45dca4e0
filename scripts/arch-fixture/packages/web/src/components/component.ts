import { app } from '../app/app.ts';

export const component = app;
