import { beta } from '../features/beta/beta.ts';

export const store = beta;
