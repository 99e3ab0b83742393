import { resetRuntimeConfig, setRuntimeConfig } from '@citable/shared';
import { llmAnswersPerModel } from './answers';

const config = {
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: 'anon',
  remotes: { marketing: 'http://localhost:3001/mf-manifest.json', workspace: 'http://localhost:3002/mf-manifest.json', reviewer: 'http://localhost:3003/mf-manifest.json' },
  linkedinScriptUrl: null,
  siteUrl: 'http://localhost:3000',
  contact: { email: '', phone: '', address: '' },
};

describe("the worker's answers per model, as the runtime config says (issue 32)", () => {
  afterEach(resetRuntimeConfig);

  it('the served LLM_ANSWERS_PER_MODEL, else the worker default 3', () => {
    expect(llmAnswersPerModel()).toBe(3); // no config loaded
    setRuntimeConfig(config);
    expect(llmAnswersPerModel()).toBe(3); // an older server that does not say
    setRuntimeConfig({ ...config, llmAnswersPerModel: 5 });
    expect(llmAnswersPerModel()).toBe(5);
  });
});
