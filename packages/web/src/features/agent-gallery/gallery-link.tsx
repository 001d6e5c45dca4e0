import { LayoutGrid } from 'lucide-react';
import { Link } from 'react-router';
import { usePermission } from '../../api/permissions.ts';
import { t } from '../../i18n/t.ts';

/**
 * The sidebar's way into the agent gallery, under "New chat"; only for users with AGENTS USE.
 * Kept tiny: it is on /chat/new's critical path, the page itself is a lazy chunk.
 */
export function AgentGalleryLink({ onNavigate }: { onNavigate?: () => void }) {
  if (!usePermission('AGENTS', 'USE')) return null;
  return (
    <Link
      to="/agents"
      onClick={onNavigate}
      data-testid="agent-gallery-link"
      className="flex h-10 w-full items-center gap-2.5 rounded-lg px-2.5 text-sm font-medium transition-colors hover:bg-sidebar-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <LayoutGrid className="size-[18px]" />
      {t('com_nav_agent_gallery')}
    </Link>
  );
}
