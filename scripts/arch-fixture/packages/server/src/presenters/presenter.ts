import { convos } from '../convos/convos.ts';

export const presenter = convos;
