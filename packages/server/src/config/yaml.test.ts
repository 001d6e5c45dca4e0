import { describe, expect, it } from 'vitest';
import { parseYamlConfig } from './yaml.ts';

describe('parseYamlConfig', () => {
  it('reads custom endpoints with environment references', () => {
    const { config, warnings } = parseYamlConfig(
      `version: 1.2.1
endpoints:
  custom:
    - name: Groq
      apiKey: "\${GROQ_KEY}"
      baseURL: https://example.test/v1
      models: { default: [a, { name: b }] }
`,
      { GROQ_KEY: 'k-123' },
    );
    expect(warnings).toEqual([]);
    expect(config.endpoints?.custom?.[0]).toMatchObject({
      name: 'Groq',
      apiKey: 'k-123',
      models: { default: ['a', 'b'] },
    });
  });

  it('warns about unknown keys and names the key of an invalid value', () => {
    const { warnings } = parseYamlConfig(
      'version: 1\nfoo: 1\ninterface: { modelSelect: true, bar: 2 }\n',
      {},
    );
    expect(warnings.join('\n')).toContain('"foo"');
    expect(warnings.join('\n')).not.toContain('"version"');
    expect(warnings.join('\n')).toContain('"interface.bar"');
    expect(() => parseYamlConfig('interface: { modelSelect: "yes" }\n', {})).toThrow(
      /interface\.modelSelect/,
    );
  });

  it('reads model spec presets with their parameters and rejects invalid ones', () => {
    const spec = (preset: string) => `modelSpecs:\n  list:\n    - { name: s, label: S, preset: ${preset} }\n`;
    const { config, warnings } = parseYamlConfig(
      spec('{ endpoint: anthropic, model: m, temperature: 0.2, stop: [END] }'),
      {},
    );
    expect(warnings).toEqual([]);
    expect(config.modelSpecs?.list[0].preset).toEqual({
      endpoint: 'anthropic',
      model: 'm',
      temperature: 0.2,
      stop: ['END'],
    });
    expect(() => parseYamlConfig(spec('{ endpoint: openAI, temperature: 7 }'), {})).toThrow(
      /modelSpecs\.list\.0\.preset\.temperature/,
    );
  });

  it('takes LibreChat’s fileConfig keys unchanged, and names an invalid MIME pattern', () => {
    const { config, warnings } = parseYamlConfig(
      `fileConfig:
  endpoints:
    default: { fileLimit: 5, supportedMimeTypes: ["^image/.*$"] }
    openAI: { disabled: false, fileSizeLimit: 10, totalSizeLimit: 20 }
  serverFileSizeLimit: 100
  avatarSizeLimit: 2
  fileTokenLimit: 5000
  clientImageResize: { enabled: true, maxWidth: 800, maxHeight: 600, quality: 0.8 }
`,
      {},
    );
    expect(warnings).toEqual([]);
    expect(config.fileConfig?.endpoints?.openAI).toEqual({
      disabled: false,
      fileSizeLimit: 10,
      totalSizeLimit: 20,
    });
    expect(() =>
      parseYamlConfig(
        'fileConfig:\n  endpoints:\n    default:\n      supportedMimeTypes: ["image/(png"]\n',
        {},
      ),
    ).toThrow(/fileConfig\.endpoints\.default\.supportedMimeTypes\.0" is not a valid regular expression/);
  });
});
