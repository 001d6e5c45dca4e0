import type { Agent } from '@parley/schema';
import { SidePanel } from '../../components/side-panel.tsx';
import { t } from '../../i18n/t.ts';
import { AssistantBuilder } from './assistant-builder.tsx';

/** The side panel's assistant builder (lazy: loaded on first open). */
export default function AssistantsPanel({
  assistantId,
  onChat,
  runCode,
}: {
  assistantId?: string | null;
  onChat?: (agent: Agent) => void;
  runCode: boolean;
}) {
  return (
    <SidePanel title={t('com_sidepanel_assistant_builder')}>
      <AssistantBuilder initialId={assistantId} onChat={onChat} runCode={runCode} />
    </SidePanel>
  );
}
