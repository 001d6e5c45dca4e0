import { one } from '../one/one.ts';

export const two = () => typeof one;
