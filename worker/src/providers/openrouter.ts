// Text and image generation through OpenRouter's chat completions API (the OpenAI-compatible
// API: the same code runs against a local Ollama or llama.cpp server, by OPENROUTER_BASE_URL).
//
// Text:   POST {base}/chat/completions {model, messages, usage: {include: true}}
//         -> choices[0].message.content, usage {prompt_tokens, completion_tokens, total_tokens, cost}
// Images: the same endpoint with modalities ['image', 'text'] and image_config.aspect_ratio
//         -> choices[0].message.images[] = {type: 'image_url', image_url: {url: 'data:image/png;base64,…'}}
// (https://openrouter.ai/docs/features/multimodal/image-generation)
import { NotConfiguredError, TransientError } from '../errors.js';
import { requestJson } from '../http.js';
import { DEFAULT_OPENROUTER_BASE_URL } from '../config.js';
import type { WorkerConfig } from '../config.js';

const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'];

/**
 * The supported aspect ratio nearest to width × height.
 */
export function nearestAspectRatio(width: number, height: number) {
  const want = Math.log(width / height);
  let best = ASPECT_RATIOS[0];
  let bestDistance = Infinity;
  for (const ratio of ASPECT_RATIOS) {
    const [w, h] = ratio.split(':').map(Number);
    const distance = Math.abs(Math.log(w / h) - want);
    if (distance < bestDistance) {
      best = ratio;
      bestDistance = distance;
    }
  }
  return best;
}

type Usage = { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number; cost?: number; };

/** An OpenAI-compatible chat completion (OpenRouter's, or a local server's): what the worker reads of it. */
interface ChatCompletion {
  model?: string;
  usage?: Usage;
  error?: { message?: string };
  choices?: {
    finish_reason?: string | null;
    error?: { message?: string };
    message?: {
      content?: string | (string | { type?: string; text?: string } | null)[] | null;
      /** OpenRouter's image outputs */
      images?: ({ image_url?: { url?: string }; url?: string } | null)[];
    };
  }[];
}

type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

type UsageSink = (entry: { model: string; usage?: Usage; images?: number; }) => void;

export function createOpenRouter(config: WorkerConfig['openrouter'], { fetchImpl }: { fetchImpl?: typeof fetch; } = {}) {
  const isOpenRouter = config.baseUrl === DEFAULT_OPENROUTER_BASE_URL || /(^|\.)openrouter\.ai$/i.test(new URL(config.baseUrl).hostname);

  function ensureConfigured() {
    // A local OpenAI-compatible server (Ollama, llama.cpp) needs no key; OpenRouter does.
    if (isOpenRouter && !config.apiKey) throw new NotConfiguredError('OpenRouter', 'OPENROUTER_API_KEY (or OPENROUTER_BASE_URL for a local OpenAI-compatible server)');
  }

  async function post(body: unknown): Promise<ChatCompletion> {
    // the provider's answer, read defensively below (every field optional)
    return (await requestJson(`${config.baseUrl}/chat/completions`, {
      // A key means OpenRouter (or a proxy of it); no key, a local server (Ollama, llama.cpp).
      provider: isOpenRouter || config.apiKey ? 'OpenRouter' : `The language model server (${new URL(config.baseUrl).host})`,
      json: body,
      timeoutMs: config.timeoutMs,
      headers: {
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        'http-referer': config.referer,
        'x-title': 'Citable',
      },
      fetchImpl,
    })) as ChatCompletion;
  }

  function firstChoice(data: ChatCompletion, model: string) {
    if (data?.error) throw new TransientError(`${model}: ${data.error.message ?? 'the provider reported an error'}`);
    const choice = data?.choices?.[0];
    if (!choice) throw new TransientError(`${model} returned no answer`);
    if (choice.error) throw new TransientError(`${model}: ${choice.error.message ?? 'the provider reported an error'}`);
    return choice;
  }

  return {
    isOpenRouter,
    async chat({ model, messages, webSearch = false, temperature, onUsage }: { model?: string; messages: { role: string; content: unknown; }[]; webSearch?: boolean; temperature?: number; onUsage?: UsageSink; }): Promise<{ text: string; usage?: Usage; model: string; }> {
      ensureConfigured();
      if (!model) throw new NotConfiguredError('The article model', 'ARTICLE_MODEL (an OpenRouter model id such as openai/gpt-4o-mini, or a local model name)');
      const body = {
        model,
        messages,
        ...(temperature === undefined ? {} : { temperature }),
        ...(isOpenRouter ? { usage: { include: true } } : {}),
        // OpenRouter's web plugin; a local server has no web search.
        ...(webSearch && isOpenRouter ? { plugins: [{ id: 'web' }] } : {}),
      };
      const data = await post(body);
      const choice = firstChoice(data, model);
      onUsage?.({ model: data.model ?? model, usage: data.usage });
      const content = choice.message?.content;
      const text = Array.isArray(content)
        ? content.map((part) => (typeof part === 'string' ? part : part?.text ?? '')).join('')
        : typeof content === 'string'
          ? content
          : '';
      if (!text.trim()) throw new TransientError(`${model} returned an empty answer${choice.finish_reason ? ` (finish_reason ${choice.finish_reason})` : ''}`);
      return { text, usage: data.usage, model: data.model ?? model };
    },

    async generateImage({ prompt, width, height, exampleImageDataUrl, onUsage }: { prompt: string; width: number; height: number; exampleImageDataUrl?: string | null; onUsage?: UsageSink; }): Promise<{ mime: string; data: Buffer; }[]> {
      ensureConfigured();
      const model = config.imageModel;
      if (!model) throw new NotConfiguredError('The image model', 'IMAGE_MODEL (an image-capable OpenRouter model id such as google/gemini-2.5-flash-image)');
      const content: ContentPart[] = [{ type: 'text', text: prompt }];
      if (exampleImageDataUrl) content.push({ type: 'image_url', image_url: { url: exampleImageDataUrl } });
      const data = await post({
        model,
        messages: [{ role: 'user', content }],
        modalities: ['image', 'text'],
        image_config: { aspect_ratio: nearestAspectRatio(width, height) },
        ...(isOpenRouter ? { usage: { include: true } } : {}),
      });
      const choice = firstChoice(data, model);
      const images: { mime: string; data: Buffer; }[] = [];
      for (const image of choice.message?.images ?? []) {
        const url = image?.image_url?.url ?? image?.url;
        const match = typeof url === 'string' ? /^data:(image\/[a-z+.-]+);base64,(.+)$/is.exec(url) : null;
        if (match) images.push({ mime: match[1].toLowerCase(), data: Buffer.from(match[2], 'base64') });
      }
      onUsage?.({ model: data.model ?? model, usage: data.usage, images: images.length });
      if (images.length === 0) {
        const said = typeof choice.message?.content === 'string' ? `: ${choice.message.content.slice(0, 200)}` : '';
        throw new TransientError(`${model} returned no image${said}`);
      }
      return images;
    },
  };
}
