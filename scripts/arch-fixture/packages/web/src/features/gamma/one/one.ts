import { two } from '../two/two.ts';

export const one = () => two();
