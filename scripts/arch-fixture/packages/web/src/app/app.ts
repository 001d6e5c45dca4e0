import { alpha } from '../features/alpha/alpha.ts';
import { one } from '../features/gamma/one/one.ts';

export const app = alpha + one();
