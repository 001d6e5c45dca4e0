import { expect, type Locator, type Page } from '@playwright/test';

/** The agent builder side panel (its sub-panels included), once it is open. */
export class AgentBuilder {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.getByTestId('agent-builder');
  }
  get actions(): Locator {
    return this.page.getByTestId('agent-actions-panel');
  }

  /** Name, instructions and the model (OpenAI's gpt-4o, chosen in the model sub-panel); not saved. */
  async fill(name: string, instructions: string) {
    await this.form.getByTestId('agent-name').fill(name);
    await this.form.getByTestId('agent-instructions').fill(instructions);
    await this.form.getByTestId('agent-open-model').click();
    const models = this.page.getByTestId('agent-model-panel');
    await models.getByTestId('agent-provider').selectOption('openAI');
    await models.getByTestId('agent-model').selectOption('gpt-4o');
    await this.back();
  }

  /** Back from a sub-panel to the builder. */
  async back() {
    await this.page.getByTestId('agent-subpanel-back').click();
  }

  /** A new action in the actions sub-panel with `spec` pasted in, checked valid; its editor's panel. */
  async newAction(spec: string): Promise<Locator> {
    await this.page.getByTestId('agent-open-actions').click();
    await this.actions.getByTestId('agent-action-add').click();
    await this.actions.getByTestId('action-spec').fill(spec);
    await expect(this.actions.getByTestId('action-spec-message')).toHaveText('OpenAPI spec is valid.');
    return this.actions;
  }
}
