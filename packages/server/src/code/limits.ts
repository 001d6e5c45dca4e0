/**
 * Limits of one code run (docs/sandbox.md). Every engine applies the same numbers; a request may
 * ask for a shorter timeout but never for more than these.
 */

/** Wall clock of one run; past it the whole sandbox is killed and the status is `timeout`. */
export const CODE_WALL_TIMEOUT_MS = 30_000;
/** CPU seconds (RLIMIT_CPU) of the sandboxed process. */
export const CODE_CPU_SECONDS = 20;
/** Memory of one run: RLIMIT_AS for native CPython, the RSS watchdog for Deno. */
export const CODE_MEMORY_BYTES = 512 * 1024 * 1024;
/** V8 old-space cap for Deno (MB), below CODE_MEMORY_BYTES so a JS heap fails with a clear error. */
export const CODE_DENO_HEAP_MB = 256;
/** How often the RSS and work-dir watchdogs look. */
export const CODE_WATCHDOG_INTERVAL_MS = 100;
/** Processes and threads inside one native sandbox (RLIMIT_NPROC, counted per run's user namespace). */
export const CODE_MAX_PROCESSES = 32;
/** Largest single file a run may write (RLIMIT_FSIZE). */
export const CODE_MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Total size of the working directory; past it the run is killed and its new files removed. */
export const CODE_MAX_WORKDIR_BYTES = 128 * 1024 * 1024;
/** Files (and folders) in the working directory; past it the run is killed. */
export const CODE_MAX_WORKDIR_FILES = 1000;
/** Size of the sandbox's private /tmp (tmpfs). */
export const CODE_TMP_BYTES = 64 * 1024 * 1024;
/** Open files per process (RLIMIT_NOFILE). */
export const CODE_MAX_OPEN_FILES = 256;
/** stdout and stderr are each cut at this many bytes (the rest is dropped, `truncated` is set). */
export const CODE_MAX_OUTPUT_BYTES = 64 * 1024;
/** At most this many new or changed files come back from one run... */
export const CODE_MAX_RESULT_FILES = 20;
/** ...each at most this large (larger ones are listed in `skippedFiles`). */
export const CODE_MAX_RESULT_FILE_BYTES = 32 * 1024 * 1024;
/** Input files copied into the working directory before a run. */
export const CODE_MAX_INPUT_FILES = 20;
/** Source code size. */
export const CODE_MAX_SOURCE_BYTES = 256 * 1024;
/** Runs at once per executor; more wait in line (the wall clock starts when a run starts). */
export const CODE_MAX_CONCURRENT = 20;
/**
 * Pyodide runs at once per CPU core: each boots a ~30 MB interpreter image and takes 200–300 MB
 * of memory, so twenty at once on two cores would all run out of wall clock together.
 */
export const CODE_PYODIDE_PER_CPU = 1;
/**
 * A conversation's session directory (its files between runs) is removed once no run used it for
 * this long; deleted conversations' sessions go the same way (docs/sandbox.md "Sessions").
 */
export const CODE_SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** How often idle sessions are looked for. */
export const CODE_SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * Total size of the files copied into a run's working directory: half the directory's cap, so a
 * run has room left to write.
 */
export const CODE_MAX_INPUT_BYTES = CODE_MAX_WORKDIR_BYTES / 2;
