import { describe, expect, it } from 'vitest';
import { mightContainMath, prepareMath } from './prepare-math.ts';

describe('prepareMath', () => {
  it('turns \\( \\) and \\[ \\] into dollar math', () => {
    expect(prepareMath('Area \\(\\pi r^2\\) here')).toBe('Area $\\pi r^2$ here');
    expect(prepareMath('\\[ x = 1 \\]')).toBe('\n$$\nx = 1\n$$\n');
  });
  it('makes a line holding only $$…$$ display math, and leaves $$ inside a sentence inline', () => {
    expect(prepareMath('$$\\sum_i i$$')).toBe('\n$$\n\\sum_i i\n$$\n');
    expect(prepareMath('so $$x$$ inline')).toBe('so $$x$$ inline');
  });
  it('escapes prices', () => {
    expect(prepareMath('It costs $5 and $10.')).toBe('It costs \\$5 and \\$10.');
  });
  it('leaves inline code and fences alone', () => {
    expect(prepareMath('Run `echo $1` now')).toBe('Run `echo $1` now');
    expect(prepareMath('```sh\necho $1\n```')).toBe('```sh\necho $1\n```');
  });
});

describe('mightContainMath', () => {
  it('spots math and ignores prices', () => {
    expect(mightContainMath('$$x$$')).toBe(true);
    expect(mightContainMath('inline $x^2$ math')).toBe(true);
    expect(mightContainMath('\\(a\\)')).toBe(true);
    expect(mightContainMath('costs $5 and $10')).toBe(false);
    expect(mightContainMath('plain text')).toBe(false);
  });
});
