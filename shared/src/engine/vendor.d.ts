// Types of the untyped NLP packages the engine uses (pure JS, Node and browser).

declare module '@nlpjs/lang-fr' {
  export class StemmerFr {
    stemWord(word: string): string;
  }
}

declare module '@nlpjs/lang-en-min' {
  export class StemmerEn {
    stemWord(word: string): string;
  }
}

declare module 'stopwords-fr' {
  const words: string[];
  export default words;
}

declare module 'stopwords-en' {
  const words: string[];
  export default words;
}
