import type { Agent, AgentToolResource } from '@parley/schema';
import { FileText, Upload, X } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { useAgent, useAgentFiles, useUpdateAgent, useUploadAgentFile } from '../../api/agents.ts';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-agents.ts';

/** The ids an agent holds for one tool resource. */
export function resourceFileIds(agent: Pick<Agent, 'tool_resources'> | null, resource: AgentToolResource) {
  return agent?.tool_resources[resource]?.file_ids ?? [];
}

/**
 * An agent's files for one tool resource (knowledge for file search, context, OCR): listed,
 * uploaded with agent_id + tool_resource, removed from the agent. Uploads need a saved agent
 * (doc 3 §5); the caller disables them further (file search off).
 */
export function AgentFiles({
  agentId,
  resource,
  disabled,
  label,
}: {
  agentId: string | null;
  resource: AgentToolResource;
  disabled: boolean;
  label: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const agent = useAgent(agentId).data ?? null;
  const files = useAgentFiles(agentId).data ?? [];
  const upload = useUploadAgentFile();
  const update = useUpdateAgent();
  const ids = resourceFileIds(agent, resource);
  const shown = files.filter(
    (f) => ids.includes(f.file_id) || (ids.length === 0 && f.tool_resource === resource),
  );

  const remove = (fileId: string) => {
    if (!agent) return;
    const tool_resources = {
      ...agent.tool_resources,
      [resource]: { file_ids: resourceFileIds(agent, resource).filter((id) => id !== fileId) },
    };
    update.mutate(
      { id: agent.id, body: { tool_resources } },
      { onError: () => toast.error(t('com_agents_file_remove_error')) },
    );
  };

  return (
    <div data-testid={`agent-files-${resource}`}>
      <ul className="flex flex-col gap-1">
        {shown.map((file) => (
          <li
            key={file.file_id}
            className="flex items-center gap-2 rounded-lg border border-border px-2 py-1 text-sm"
            data-testid="agent-file"
          >
            <FileText className="size-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0 flex-1 truncate">{file.filename}</span>
            <Button
              variant="subtle"
              size="icon-xs"
              disabled={disabled || update.isPending}
              aria-label={t('com_agents_file_remove', { name: file.filename })}
              onClick={() => remove(file.file_id)}
            >
              <X className="size-3.5" />
            </Button>
          </li>
        ))}
      </ul>
      <input
        ref={input}
        type="file"
        multiple
        className="hidden"
        data-testid={`agent-file-input-${resource}`}
        onChange={(e) => {
          const picked = [...(e.target.files ?? [])];
          e.target.value = '';
          if (!agentId) return;
          for (const file of picked)
            upload.mutate(
              { agentId, file, toolResource: resource },
              { onError: () => toast.error(t('com_ui_upload_error')) },
            );
        }}
      />
      <Button
        variant="outline"
        size="sm"
        className="mt-1.5"
        disabled={disabled || !agentId || upload.isPending}
        onClick={() => input.current?.click()}
        data-testid={`agent-file-upload-${resource}`}
      >
        <Upload className="size-4" />
        {label}
      </Button>
    </div>
  );
}
