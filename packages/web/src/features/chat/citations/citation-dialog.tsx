import { type FileCitation, paths } from '@parley/schema';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { downloadFile, saveBlob } from '../../../api/files.ts';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { t } from '../../../i18n/t.ts';
import { useSession } from '../../../store/session.ts';
import { safeLinkHref } from '../parts/safe-src.ts';

/** Object URLs of opened files live this long: the new tab has read the bytes by then. */
const OPENED_URL_MS = 60_000;

/** A web page web_search cited carries its address (`file_id` is the address too). */
type Cited = FileCitation & { url?: string };

/**
 * One cited passage: where it is (file, page) and its words, with the file to open at it — a PDF
 * in the browser's viewer at the page, any other file downloaded — or, for a web page, a link to it.
 */
export default function CitationDialog({
  n,
  citation,
  title,
  onClose,
}: {
  n: number;
  citation: Cited;
  title: string;
  onClose: () => void;
}) {
  const userId = useSession((s) => s.user?.id);
  const [opening, setOpening] = useState(false);
  const web = safeLinkHref(citation.url);
  const open = async () => {
    if (!userId) return;
    // The tab is opened now, inside the click, so no popup blocker stops it; the bytes follow.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const { blob } = await downloadFile(paths.fileDownload(userId, citation.file_id));
      if (blob.type === 'application/pdf' && tab) {
        const url = URL.createObjectURL(blob);
        tab.location.href = citation.page !== null ? `${url}#page=${citation.page}` : url;
        setTimeout(() => URL.revokeObjectURL(url), OPENED_URL_MS);
      } else {
        tab?.close();
        saveBlob(blob, citation.filename);
      }
    } catch {
      tab?.close();
      toast.error(t('com_ui_download_error'));
    } finally {
      setOpening(false);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={t('com_ui_citation_title', { n })}
        description={title}
        closeLabel={t('com_ui_close')}
      >
        <blockquote
          data-testid="citation-passage"
          className="whitespace-pre-wrap border-l-2 border-primary pl-3 text-sm leading-relaxed"
        >
          {citation.text}
        </blockquote>
        <div className="mt-4 flex justify-end">
          {web ? (
            <a
              href={web.href}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="citation-open-page"
              className={buttonClass({ variant: 'primary' })}
            >
              <ExternalLink className="size-4" />
              {t('com_ui_open_page', { domain: web.hostname })}
            </a>
          ) : (
            <Button
              type="button"
              variant="primary"
              onClick={open}
              disabled={opening || !userId}
              data-testid="citation-open-file"
            >
              <ExternalLink className="size-4" />
              {t('com_ui_open_file')}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
