import { type ClassValue, clsx } from 'clsx';

/** Join class names (conditional classes via clsx). */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
