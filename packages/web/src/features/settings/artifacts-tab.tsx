import { useShallow } from 'zustand/react/shallow';
import { Row } from '../../components/ui/settings-row.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import '../../i18n/en-artifacts.ts';
import { type TranslationKey, t } from '../../i18n/t.ts';
import { usePreferences } from '../../store/preferences.ts';
import { type ArtifactsKey, artifactsChange, artifactsDisabled } from './artifacts-settings.ts';

const ROWS: { key: ArtifactsKey; label: TranslationKey; hint: TranslationKey }[] = [
  { key: 'codeArtifacts', label: 'com_settings_code_artifacts', hint: 'com_settings_code_artifacts_hint' },
  {
    key: 'includeShadcnui',
    label: 'com_settings_include_shadcnui',
    hint: 'com_settings_include_shadcnui_hint',
  },
  {
    key: 'customPromptMode',
    label: 'com_settings_custom_prompt_mode',
    hint: 'com_settings_custom_prompt_mode_hint',
  },
];

/** Settings → Artifacts (doc 3 §2): code artifacts, shadcn/ui, custom prompt mode, interlocked. */
export function ArtifactsTab() {
  const prefs = usePreferences(
    useShallow((s) => ({
      codeArtifacts: s.codeArtifacts,
      includeShadcnui: s.includeShadcnui,
      customPromptMode: s.customPromptMode,
    })),
  );
  return (
    <>
      {ROWS.map(({ key, label, hint }) => (
        <Row key={key} label={t(label)} hint={t(hint)}>
          {(id) => (
            <Switch
              id={id}
              checked={prefs[key]}
              disabled={artifactsDisabled(prefs, key)}
              onCheckedChange={(v) => usePreferences.setState(artifactsChange(key, v))}
              data-testid={`setting-${key}`}
            />
          )}
        </Row>
      ))}
    </>
  );
}
