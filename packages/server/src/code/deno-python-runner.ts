/**
 * The Python runner's source, written to the runtime folder at start-up (so the bundled server
 * needs no extra file on disk) and run by Deno — never by the server's Node process.
 */
export const DENO_PYTHON_RUNNER = `// Runs inside Deno (never in the server's Node process): loads Pyodide from the local npm package,
// mounts the working directory at /mnt/data and runs the Python program read from stdin.
// Deno's permissions (read: Pyodide + the working dir, write: the working dir, nothing else) are
// the sandbox; see packages/server/src/code/deno.ts.
//
// \`deno run … runner.js <pyodide dir> --make-snapshot <file>\` writes a memory snapshot of a freshly
// started interpreter instead (it cuts start-up from seconds to a few hundred ms);
// \`deno run … runner.js <pyodide dir> <work dir> [<snapshot file>]\` runs a program.
const [pyodideDir, workDir, snapshotFile] = Deno.args;
const { loadPyodide } = await import(new URL('pyodide.mjs', \`file://\${pyodideDir}/\`).href);
if (workDir === '--make-snapshot') {
  const fresh = await loadPyodide({ indexURL: \`\${pyodideDir}/\`, _makeSnapshot: true });
  Deno.writeFileSync(snapshotFile, fresh.makeMemorySnapshot());
  Deno.exit(0);
}
const code = await new Response(Deno.stdin.readable).text();
const write = (stream) => ({
  write(buf) {
    stream.writeSync(buf);
    return buf.length;
  },
});
const py = await loadPyodide({
  indexURL: \`\${pyodideDir}/\`,
  ...(snapshotFile ? { _loadSnapshot: Deno.readFileSync(snapshotFile) } : {}),
});
py.setStdout(write(Deno.stdout));
py.setStderr(write(Deno.stderr));
py.FS.mkdirTree('/mnt/data');
py.FS.mount(py.FS.filesystems.NODEFS, { root: workDir }, '/mnt/data');
py.FS.chdir('/mnt/data');
py.globals.set('__parley_code', code);
const status = py.runPython(\`
def __parley_run():
    import sys, traceback
    src = globals().pop('__parley_code')
    g = {'__name__': '__main__', '__builtins__': __builtins__}
    try:
        exec(compile(src, '<stdin>', 'exec'), g)
        return 0
    except SystemExit as e:
        if e.code is None or e.code == 0:
            return 0
        if isinstance(e.code, int):
            return e.code
        print(e.code, file=sys.stderr)
        return 1
    except BaseException:
        traceback.print_exc()
        return 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
__parley_run()
\`);
Deno.exit(typeof status === 'number' ? status : 1);
`;
