import { type ImportJob, type ImportStarted, paths } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from './client.ts';
import { convoKeys } from './convos.ts';

/** How often a running import's progress is read. */
const POLL_MS = 500;

/** POST /api/convos/import as multipart with a `file` field and the URI-encoded file name (doc 3 §7). */
export function uploadImport(file: File): Promise<ImportStarted> {
  const form = new FormData();
  form.append('file', file, encodeURIComponent(file.name || 'File'));
  return apiRequest<ImportStarted>(paths.convosImport, { method: 'POST', body: form });
}

export const fetchImportJob = (jobId: string, signal?: AbortSignal) =>
  apiRequest<ImportJob>(paths.convosImportJob(jobId), { signal });

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'uploading' }
  | { phase: 'running'; job: ImportJob }
  | { phase: 'done'; job: ImportJob };

/**
 * Upload an export and follow its job until it ends; the conversation list is refreshed when it
 * does. `onDone` and `onError` report the outcome (toasts are the caller's).
 */
export function useImportConversations(handlers: {
  onDone: (job: ImportJob) => void;
  onError: (error: unknown) => void;
}) {
  const qc = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const alive = useRef(true);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const start = useCallback(
    async (file: File) => {
      setState({ phase: 'uploading' });
      try {
        let job: ImportJob = await uploadImport(file);
        while (job.status === 'running') {
          if (alive.current) setState({ phase: 'running', job });
          await new Promise((r) => setTimeout(r, POLL_MS));
          job = await fetchImportJob(job.jobId);
        }
        await qc.invalidateQueries({ queryKey: convoKeys.all });
        if (job.status === 'failed') throw new ApiError(500, 'import_failed', job.error ?? '');
        if (alive.current) setState({ phase: 'done', job });
        handlersRef.current.onDone(job);
      } catch (error) {
        if (alive.current) setState({ phase: 'idle' });
        handlersRef.current.onError(error);
      }
    },
    [qc],
  );

  return { state, start, busy: state.phase === 'uploading' || state.phase === 'running' };
}
