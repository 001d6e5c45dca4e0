import { lib } from '../../lib/lib.ts';
import { beta } from '../beta/beta.ts';

export const alpha = beta + lib;
