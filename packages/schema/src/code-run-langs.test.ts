import { describe, expect, it } from 'vitest';
import { countCodeFences, runCodeLang } from './code-run-langs.ts';

describe('run-code languages', () => {
  it('recognise the fence names of Python, JavaScript and TypeScript only', () => {
    expect(runCodeLang('python')).toBe('py');
    expect(runCodeLang(' PY ')).toBe('py');
    expect(runCodeLang('typescript')).toBe('ts');
    expect(runCodeLang('mjs')).toBe('js');
    expect(runCodeLang('bash')).toBeNull();
    expect(runCodeLang('')).toBeNull();
  });
});

describe('countCodeFences', () => {
  it('counts fences that open, not their closing lines or the code inside', () => {
    const text = ['```py', 'print(1)', '```', 'text', '~~~js', '```', 'not a fence inside', '~~~'].join('\n');
    expect(countCodeFences(text)).toBe(2);
    expect(countCodeFences(text.slice(0, text.indexOf('~~~js')))).toBe(1);
  });

  it('finds fences in lists and quotes, and closes only on a long enough fence of the same kind', () => {
    expect(countCodeFences('- item\n\n  ```py\n  x\n  ```\n> ```js\n> y\n> ```')).toBe(2);
    expect(countCodeFences('````md\n```py\ninner\n```\n````\n```ts\n```')).toBe(2);
  });

  it('ignores inline code that looks like a fence', () => {
    expect(countCodeFences('```a``` then text')).toBe(0);
    expect(countCodeFences('')).toBe(0);
  });
});
