import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';

export interface Prompt {
  /** The answer, or null when there is no one to ask (stdin closed). */
  ask(question: string, opts?: { hidden?: boolean }): Promise<string | null>;
}

/**
 * Questions go to stderr so stdout carries only results (an invite link can be piped). In a
 * terminal a hidden answer is not echoed; from a pipe each question takes the next line.
 */
export function terminalPrompt(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stderr,
): Prompt {
  let lines: AsyncIterator<string> | null = null;
  return {
    async ask(question, opts = {}) {
      if (!input.isTTY) {
        lines ??= createInterface({ input, terminal: false })[Symbol.asyncIterator]();
        const next = await lines.next();
        return next.done ? null : next.value;
      }
      const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
      const rl = createInterface({ input, output: opts.hidden ? muted : output, terminal: true });
      try {
        if (!opts.hidden) return await rl.question(question);
        output.write(question);
        const answer = await rl.question('');
        output.write('\n');
        return answer;
      } finally {
        rl.close();
      }
    },
  };
}
