import {
  type DropdownSetting,
  type ModelParameters,
  type ParameterSetting,
  parameterSettings,
  SLIDER_DEBOUNCE_MS,
  type TagsSetting,
} from '@parley/schema';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../../i18n/en.ts';
import { ParametersPanel } from './parameters-panel.tsx';

const temperature: ParameterSetting = {
  component: 'slider',
  key: 'temperature',
  labelKey: 'com_param_temperature',
  min: 0,
  max: 2,
  step: 0.01,
  default: 1,
};

/** A caller that keeps the values, like the real screens will. */
function setup(settings: ParameterSetting[], initial: Partial<ModelParameters> = {}) {
  const onChange = vi.fn();
  const onReset = vi.fn();
  function Harness() {
    const [values, setValues] = useState(initial);
    return (
      <ParametersPanel
        settings={settings}
        values={values}
        onChange={(patch) => {
          onChange(patch);
          setValues((v) => ({ ...v, ...patch }));
        }}
        onReset={() => {
          onReset();
          setValues({});
        }}
      />
    );
  }
  render(<Harness />);
  return { onChange, onReset };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('ParametersPanel', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the default, muted, for an unset slider', () => {
    setup([temperature]);
    expect(input('param-temperature').value).toBe('1');
    expect(input('param-temperature').className).toContain('text-muted-foreground');
    expect(screen.getByLabelText('Temperature', { selector: 'input[type=text]' })).toBe(
      input('param-temperature'),
    );
  });

  it('debounces the slider text input', () => {
    vi.useFakeTimers();
    const { onChange } = setup([temperature]);
    fireEvent.change(input('param-temperature'), { target: { value: '0.5' } });
    fireEvent.change(input('param-temperature'), { target: { value: '0.55' } });
    act(() => vi.advanceTimersByTime(SLIDER_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ temperature: 0.55 });
    expect(input('param-temperature-slider').value).toBe('0.55');
    expect(input('param-temperature').className).not.toContain('text-muted-foreground');
  });

  it('clamps typed values and reverts invalid text', () => {
    vi.useFakeTimers();
    const { onChange } = setup([temperature], { temperature: 0.3 });
    fireEvent.change(input('param-temperature'), { target: { value: '7' } });
    act(() => vi.advanceTimersByTime(SLIDER_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith({ temperature: 2 });
    expect(input('param-temperature').value).toBe('2');

    fireEvent.change(input('param-temperature'), { target: { value: '-1' } });
    act(() => vi.advanceTimersByTime(SLIDER_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith({ temperature: 0 });

    onChange.mockClear();
    fireEvent.change(input('param-temperature'), { target: { value: 'abc' } });
    act(() => vi.advanceTimersByTime(SLIDER_DEBOUNCE_MS));
    expect(onChange).not.toHaveBeenCalled();
    expect(input('param-temperature').value).toBe('0');
  });

  it('commits on Enter without waiting for the debounce', () => {
    const { onChange } = setup([temperature]);
    fireEvent.change(input('param-temperature'), { target: { value: '1.234' } });
    fireEvent.keyDown(input('param-temperature'), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ temperature: 1.23 });
  });

  it('dragging shows the value at once and commits on release', () => {
    const { onChange } = setup([temperature]);
    const range = input('param-temperature-slider');
    fireEvent.input(range, { target: { value: '1.5' } });
    expect(input('param-temperature').value).toBe('1.5');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(range, { target: { value: '1.6' } });
    expect(onChange).toHaveBeenLastCalledWith({ temperature: 1.6 });
  });

  it('number fields: blank unsets, out-of-range input is clamped on blur', () => {
    const { onChange } = setup(parameterSettings({ endpoint: 'openAI', model: 'gpt-4o' }), {
      max_tokens: 100,
    });
    const field = input('param-max_tokens');
    expect(field.value).toBe('100');
    fireEvent.change(field, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ max_tokens: undefined });
    fireEvent.change(field, { target: { value: '2048' } });
    expect(onChange).toHaveBeenLastCalledWith({ max_tokens: 2048 });
    fireEvent.change(field, { target: { value: '0' } });
    expect(onChange).toHaveBeenLastCalledWith({ max_tokens: 2048 });
    fireEvent.blur(field);
    expect(onChange).toHaveBeenLastCalledWith({ max_tokens: 1 });
  });

  it('stop sequences: Enter adds, overflow keeps the last 4 with a warning', () => {
    const { onChange } = setup(parameterSettings({ endpoint: 'openAI', model: 'gpt-4o' }));
    const field = input('param-stop');
    for (const s of ['a', 'b', 'c', 'd']) {
      fireEvent.change(field, { target: { value: s } });
      fireEvent.keyDown(field, { key: 'Enter' });
    }
    expect(onChange).toHaveBeenLastCalledWith({ stop: ['a', 'b', 'c', 'd'] });
    expect(screen.queryByTestId('param-stop-warning')).toBeNull();
    fireEvent.change(field, { target: { value: 'e' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ stop: ['b', 'c', 'd', 'e'] });
    expect(screen.getByTestId('param-stop-warning').textContent).toBe(
      'At most 4 items: the oldest was removed.',
    );
    expect(field.value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Remove b' }));
    expect(onChange).toHaveBeenLastCalledWith({ stop: ['c', 'd', 'e'] });
    expect(screen.queryByTestId('param-stop-warning')).toBeNull();
  });

  it('refuses to remove a tag below the minimum, with a warning', () => {
    const tags: TagsSetting = {
      component: 'tags',
      key: 'stop',
      labelKey: 'com_param_stop',
      minTags: 1,
      maxTags: 4,
    };
    const { onChange } = setup([tags], { stop: ['only'] });
    fireEvent.click(screen.getByRole('button', { name: 'Remove only' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('param-stop-warning').textContent).toBe('At least 1 items are required.');
  });

  it('dropdowns show a search box only above 10 options', () => {
    const dropdown = (count: number): DropdownSetting => ({
      component: 'dropdown',
      key: 'region',
      labelKey: 'com_param_region',
      options: Array.from({ length: count }, (_, i) => ({ value: `region-${i + 1}` })),
    });
    setup([dropdown(10)]);
    expect(screen.queryByTestId('param-region-search')).toBeNull();
    cleanup();

    const { onChange } = setup([dropdown(11)]);
    const select = screen.getByTestId('param-region') as HTMLSelectElement;
    expect(select.options).toHaveLength(12); // "Default" + 11
    fireEvent.change(screen.getByTestId('param-region-search'), { target: { value: 'region-1' } });
    // region-1, region-10, region-11 plus "Default"
    expect(Array.from(select.options, (o) => o.value)).toEqual(['', 'region-1', 'region-10', 'region-11']);
    fireEvent.change(select, { target: { value: 'region-10' } });
    expect(onChange).toHaveBeenLastCalledWith({ region: 'region-10' });
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ region: undefined });
  });

  it('switches and custom instructions report their values', () => {
    const { onChange } = setup(parameterSettings({ endpoint: 'anthropic', model: 'claude-sonnet-4-5' }));
    const thinking = screen.getByTestId('param-thinking');
    expect(thinking.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(thinking);
    expect(onChange).toHaveBeenLastCalledWith({ thinking: true });
    expect(thinking.getAttribute('aria-checked')).toBe('true');

    fireEvent.change(screen.getByTestId('param-promptPrefix'), { target: { value: 'Be brief.' } });
    expect(onChange).toHaveBeenLastCalledWith({ promptPrefix: 'Be brief.' });
    fireEvent.change(screen.getByTestId('param-promptPrefix'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ promptPrefix: undefined });
  });

  it('reset calls onReset and drops local edits', () => {
    vi.useFakeTimers();
    const { onChange, onReset } = setup(parameterSettings({ endpoint: 'openAI', model: 'gpt-4o' }), {
      temperature: 0.2,
      stop: ['x'],
    });
    fireEvent.change(input('param-temperature'), { target: { value: '1.7' } });
    fireEvent.click(screen.getByTestId('param-reset'));
    expect(onReset).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(SLIDER_DEBOUNCE_MS * 2));
    expect(onChange).not.toHaveBeenCalled();
    expect(input('param-temperature').value).toBe('1');
    expect(screen.queryByTestId('param-stop-tags')).toBeNull();
  });

  it('every label, hint and option key of every family is translated', () => {
    const lists = [
      parameterSettings({ endpoint: 'openAI', model: 'o3' }),
      parameterSettings({ endpoint: 'anthropic', model: 'claude' }),
      parameterSettings({ endpoint: 'google', model: 'gemini' }),
      parameterSettings({ endpoint: 'bedrock', model: 'us.anthropic.claude', regions: ['a', 'b'] }),
    ];
    const keys = lists
      .flat()
      .flatMap((s) => [
        s.labelKey,
        s.descriptionKey,
        'placeholderKey' in s ? s.placeholderKey : undefined,
        ...(s.component === 'dropdown' ? s.options.map((o) => o.labelKey) : []),
      ]);
    for (const key of keys) if (key) expect(en, key).toHaveProperty(key);
  });
});
