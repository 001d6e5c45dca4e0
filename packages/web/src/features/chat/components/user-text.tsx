import { Markdown } from '../../../components/markdown/markdown.tsx';
import { usePreferences } from '../../../store/preferences.ts';

/**
 * A user message's text: markdown when "Render user messages as markdown" is on, otherwise
 * exactly as typed (the bubble keeps line breaks).
 */
export function UserText({ text }: { text: string }) {
  const markdown = usePreferences((s) => s.enableUserMsgMarkdown);
  if (!markdown) return text;
  // The bubble preserves whitespace for plain text; markdown lays out its own blocks.
  return (
    <div className="whitespace-normal" data-markdown="true">
      <Markdown text={text} streaming={false} />
    </div>
  );
}
