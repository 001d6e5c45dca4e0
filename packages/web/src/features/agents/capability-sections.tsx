import { type AgentCapability, type AvailableTool, BuiltinTools } from '@parley/schema';
import { Plus, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useId, useState } from 'react';
import { useAgentTools } from '../../api/agents.ts';
import { Button } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { t } from '../../i18n/t.ts';
import { needsKeys } from '../../lib/tool-auth.ts';
import { AgentFiles } from './agent-files.tsx';
import { type ArtifactsMode, toggleApproval, toggleTool } from './agent-form.ts';
import type { AgentEditor } from './use-agent-editor.ts';
import '../../i18n/en-agents.ts';
import '../../i18n/en-tools.ts';

const ToolKeyDialog = lazy(() => import('../../components/tool-key-dialog.tsx'));
const ToolPickerDialog = lazy(() => import('./tool-picker-dialog.tsx'));
// Its own chunk: the MCP servers' list loads only where the builder shows the tools capability.
const McpSection = lazy(() => import('./mcp-section.tsx'));
const BUILTIN = new Set<string>(Object.values(BuiltinTools));
/**
 * MCP tools are `<tool>_mcp_<server>` (schema's MCP_DELIMITER, not imported: the schema's MCP module
 * in this chunk would be split off into one more request on /chat/new).
 */
const MCP_DELIMITER = '_mcp_';
/** The picker's tools: not the built-ins nor MCP tools, which have their own sections. */
const inPicker = (key: string) => !BUILTIN.has(key) && !key.includes(MCP_DELIMITER);

function ToggleRow({
  label,
  hint,
  checked,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="min-w-0 text-sm [overflow-wrap:anywhere]">
        <span className="block">{label}</span>
        {hint ? <span className="block text-xs text-muted-foreground">{hint}</span> : null}
      </label>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} data-testid={testId} />
    </div>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="flex flex-col gap-2 rounded-xl border border-border p-3" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The capability sections (doc 3 §6: each gated by the agents endpoint's capabilities): file
 * search, context and OCR files, web search, code, artifacts, the tools, the MCP servers' tools
 * (mcp-section.tsx) and the tools' approval.
 * Toggles and uploads need a saved agent (doc 3 §5).
 */
export function CapabilitySections({
  editor,
  capabilities,
  runCode,
  mcpServers,
}: {
  editor: AgentEditor;
  capabilities: ReadonlySet<AgentCapability>;
  /** RUN_CODE USE: without it the run-code toggle is hidden (doc 3 §6). */
  runCode: boolean;
  /** MCP_SERVERS USE (read on the chat's chunk, like RUN_CODE). */
  mcpServers: boolean;
}) {
  const { form, setForm } = editor;
  const has = (c: AgentCapability) => capabilities.has(c);
  const noId = !form.id;
  const tools = useAgentTools(has('tools') || has('web_search') || has('execute_code')).data ?? [];
  const [asking, setAsking] = useState<AvailableTool | null>(null);
  const [picking, setPicking] = useState(false);
  const artifactsId = useId();
  const byKey = new Map(tools.map((tool) => [tool.pluginKey, tool]));

  const setTool = (key: string, on: boolean) => {
    const tool = byKey.get(key);
    if (on && needsKeys(tool)) {
      setAsking(tool ?? null);
      return;
    }
    setForm((f) => toggleTool(f, key, on));
  };
  const on = (key: string) => form.tools.includes(key);
  const extraTools = tools.filter((tool) => inPicker(tool.pluginKey));
  const addedTools = form.tools.filter(inPicker);
  const addTool = useCallback((key: string) => setForm((f) => toggleTool(f, key, true)), [setForm]);
  const removeTool = useCallback((key: string) => setForm((f) => toggleTool(f, key, false)), [setForm]);

  return (
    <>
      {has('file_search') ? (
        <Section title={t('com_agents_file_search')} testId="agent-section-file-search">
          <ToggleRow
            label={t('com_agents_file_search_enable')}
            hint={t('com_agents_file_search_hint')}
            checked={on(BuiltinTools.file_search)}
            disabled={noId}
            onChange={(v) => setTool(BuiltinTools.file_search, v)}
            testId="agent-tool-file_search"
          />
          <AgentFiles
            agentId={form.id}
            resource="file_search"
            disabled={noId || !on(BuiltinTools.file_search)}
            label={t('com_agents_upload_knowledge')}
          />
        </Section>
      ) : null}
      {has('context') ? (
        <Section title={t('com_agents_context_files')} testId="agent-section-context">
          <p className="text-xs text-muted-foreground">{t('com_agents_context_hint')}</p>
          <AgentFiles
            agentId={form.id}
            resource="context"
            disabled={noId}
            label={t('com_agents_upload_context')}
          />
        </Section>
      ) : null}
      {has('ocr') ? (
        <Section title={t('com_agents_ocr')} testId="agent-section-ocr">
          <p className="text-xs text-muted-foreground">{t('com_agents_ocr_hint')}</p>
          <AgentFiles agentId={form.id} resource="ocr" disabled={noId} label={t('com_agents_upload_ocr')} />
        </Section>
      ) : null}
      {has('web_search') || (has('execute_code') && runCode) || has('artifacts') ? (
        <Section title={t('com_agents_capabilities')} testId="agent-section-capabilities">
          {has('web_search') ? (
            <ToggleRow
              label={t('com_agents_web_search')}
              hint={t('com_agents_web_search_hint')}
              checked={on(BuiltinTools.web_search)}
              disabled={noId}
              onChange={(v) => setTool(BuiltinTools.web_search, v)}
              testId="agent-tool-web_search"
            />
          ) : null}
          {has('execute_code') && runCode ? (
            <ToggleRow
              label={t('com_agents_execute_code')}
              checked={on(BuiltinTools.execute_code)}
              disabled={noId}
              onChange={(v) => setTool(BuiltinTools.execute_code, v)}
              testId="agent-tool-execute_code"
            />
          ) : null}
          {has('artifacts') ? (
            <div className="flex items-center justify-between gap-3">
              <label htmlFor={artifactsId} className="shrink-0 text-sm">
                {t('com_agents_artifacts')}
              </label>
              <select
                id={artifactsId}
                value={form.artifacts}
                disabled={noId}
                data-testid="agent-artifacts"
                onChange={(e) => {
                  const artifacts = e.target.value as ArtifactsMode;
                  setForm((f) => ({ ...f, artifacts }));
                }}
                className={`${inputClass('sm')} w-40 min-w-0`}
              >
                <option value="">{t('com_agents_artifacts_off')}</option>
                <option value="default">{t('com_agents_artifacts_default')}</option>
                <option value="shadcnui">{t('com_agents_artifacts_shadcnui')}</option>
                <option value="custom">{t('com_agents_artifacts_custom')}</option>
              </select>
            </div>
          ) : null}
        </Section>
      ) : null}
      {has('tools') && (extraTools.length > 0 || addedTools.length > 0) ? (
        <Section title={t('com_agents_tools')} testId="agent-section-tools">
          {addedTools.length > 0 ? (
            <ul className="flex flex-col gap-1" data-testid="agent-tools-added">
              {addedTools.map((key) => {
                const tool = byKey.get(key);
                return (
                  <li key={key} className="flex items-center justify-between gap-2 text-sm">
                    <span className="min-w-0">
                      <span className="block truncate">{tool?.name ?? key}</span>
                      {tool?.description ? (
                        <span className="block truncate text-xs text-muted-foreground">
                          {tool.description}
                        </span>
                      ) : null}
                    </span>
                    <Button
                      size="icon-xs"
                      variant="subtle-danger"
                      disabled={noId}
                      aria-label={t('com_tools_uninstall_named', { name: tool?.name ?? key })}
                      onClick={() => removeTool(key)}
                      data-testid={`agent-tool-remove-${key}`}
                    >
                      <X className="size-4" />
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            disabled={noId}
            onClick={() => setPicking(true)}
            data-testid="agent-add-tools"
            className="self-start"
          >
            <Plus className="size-4" />
            {t('com_tools_add_tools')}
          </Button>
        </Section>
      ) : null}
      {has('tools') ? (
        <Suspense fallback={null}>
          <McpSection editor={editor} disabled={noId} allowed={mcpServers} />
        </Suspense>
      ) : null}
      {form.tools.length > 0 ? (
        <Section title={t('com_agents_approval')} testId="agent-section-approval">
          <p className="text-xs text-muted-foreground">{t('com_agents_approval_hint')}</p>
          {form.tools.map((key) => (
            <ToggleRow
              key={key}
              label={byKey.get(key)?.name ?? key}
              checked={form.require_approval.includes(key)}
              disabled={noId}
              onChange={(v) => setForm((f) => toggleApproval(f, key, v))}
              testId={`agent-approval-${key}`}
            />
          ))}
        </Section>
      ) : null}
      {picking ? (
        <Suspense fallback={null}>
          <ToolPickerDialog
            open
            onOpenChange={setPicking}
            tools={extraTools}
            selected={new Set(form.tools)}
            onAdd={addTool}
            onRemove={removeTool}
          />
        </Suspense>
      ) : null}
      {asking ? (
        <Suspense fallback={null}>
          <ToolKeyDialog
            tool={asking}
            open
            onOpenChange={(open) => !open && setAsking(null)}
            onSaved={() => setForm((f) => toggleTool(f, asking.pluginKey, true))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
