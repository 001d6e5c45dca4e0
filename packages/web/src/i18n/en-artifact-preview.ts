import { addTexts } from './t.ts';

/**
 * Texts of the artifact preview frame's host (issue 17 point 5). A module that uses one of these
 * keys imports this file (area-texts.test.ts checks it); they load with the preview.
 */
export const enArtifactPreview = {
  com_artifact_preview_title: 'Artifact preview',
  com_artifact_preview_error: 'The preview could not run',
};

addTexts(enArtifactPreview);
