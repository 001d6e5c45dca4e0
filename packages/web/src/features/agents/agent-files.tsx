import type { AgentToolResource } from '@parley/schema';
import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { useAgent, useAgentFiles, useUpdateAgent, useUploadAgentFile } from '../../api/agents.ts';
import { ResourceFileList } from '../../components/resource-file-list.tsx';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../i18n/t.ts';
import { resourceFiles, withoutResourceFile } from '../../lib/agent-resource-files.ts';
import '../../i18n/en-agents.ts';

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
  const shown = resourceFiles(agent, files, resource);

  const remove = (fileId: string) => {
    if (!agent) return;
    update.mutate(
      { id: agent.id, body: { tool_resources: withoutResourceFile(agent, resource, fileId) } },
      { onError: () => toast.error(t('com_agents_file_remove_error')) },
    );
  };

  return (
    <div data-testid={`agent-files-${resource}`}>
      <ResourceFileList
        files={shown}
        disabled={disabled || update.isPending}
        onRemove={remove}
        itemTestId="agent-file"
      />
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
        // A long label in a narrow panel wraps inside the button instead of spilling out of it.
        className="mt-1.5 h-auto min-h-8 max-w-full py-1 text-left"
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
