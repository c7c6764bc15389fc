// Each search query, rewritten into the words the index holds before Material's
// search sees it. Material 9 has no query hook (the `__search.transform` of its
// versions 5 to 8 is gone): its bundle hands its search worker the index once,
// then each query as typed. Loaded before the bundle, this file wraps the worker's
// postMessage (the browser's Worker, or the offline copy's iframe shim, whichever
// is window.Worker), and:
//
// * learns the index's words: its Chinese was cut by jieba at build time, words
//   separated by U+200B (gradsite/searchwords.py), and config.glossary maps every
//   way the glossary writes a term, in either language, variants included, to the
//   term in the page's language, and a word readers type to the site's (loss: 损失,
//   涨: 增长; gradsite/searchwords.py, READER_WORDS);
// * cuts a query's Chinese into the index's words, fewest words first, and Latin
//   letters apart from Chinese ("detach和clone的区别": detach 和 clone 的 区别);
// * drops stop words when other words remain (lunr's English list, helper words,
//   words every page has; particles and question words: 的, 怎么, 没有, 还会), Latin
//   fragments of one or two letters (every word is searched as a prefix, and "i"
//   alone is the start of half the index), numbers of one or two digits (只剩2条:
//   a quantity, whose 2 found the version pages) and single Chinese characters;
// * reads a Latin word the index does not have as the index's words it runs
//   together: the index cuts names at their capitals, so runtimeerror is runtime
//   error and syncbatchnorm sync batch norm;
// * keeps what is written as code: `.grad`, `.to()` and `detach()` search that
//   name whole (`to` is a stop word elsewhere), None/True/False are Python's,
//   `set_to_none=True` also searches the argument's name, and an identifier's parts
//   weigh in a little (zero_grad: zero, grad);
// * searches a Chinese word the index has as a whole word (梯度 is not 梯度清零,
//   whose page title would outrank every section), an English word as the start
//   of its family (freez: freeze, freezing; tun: tune, tuning);
// * weighs the words: a question word (why, 为什么) 1, so that it favours sections
//   that ask why without outweighing the question's topic; an English content
//   word 3; a Chinese word as rare as it is (梯度 1, 导数 4);
// * adds the page language's term after a glossary term of the other language or
//   one of its variants (on zh pages micro-batch adds 微批次, on en pages 叶子节点
//   adds leaf tensor);
// * follows each Chinese word of the index with 〇, a character no index holds:
//   Material's worker cuts every run of Chinese characters again, against its
//   index, and its cutter never tries a run's last character, so 非叶子节点
//   alone would come back as 非 + 叶子; followed by 〇 it comes back whole;
// * tells docs/assets/search-miss.js, by a "gs-search-query" event on window,
//   whether the site has any of the query's words;
// * ranks the entries Material's worker answers with (`score`, below): Material finds
//   and highlights, this file orders.
//
// Material's side of this (mkdocs-material 9.8, pinned in pyproject.toml), which
// tests/test_search.py reads in the installed Material and fails on, naming what
// changed (test_the_rewrite_speaks_material_s_worker_protocol):
// src/templates/assets/javascripts/integrations/search/worker/message/index.ts,
// `SearchMessageType {SETUP, READY, QUERY, RESULT}`: the bundle posts
// {type: SETUP (0), data: {config, docs, options}} once and {type: QUERY (2),
// data: "the query"} for each query, which the worker hands to its Search.search.
// The query's syntax is lunr's as Material reads it (integrations/search/query/
// transform): "word^3" is a whole word weighing 3; a word without a boost gets a "*"
// (a prefix); one with a boost cannot, so a prefix weighs more by being repeated.
// A message is rewritten only when its number and its shape both say what it is;
// otherwise it goes on as it came, with one warning in the console, and search
// works as Material's own.
(function () {
  var SETUP = 0, QUERY = 2, RESULT = 3;
  var HAN = /\p{sc=Han}/u, HAN_RUNS = /\p{sc=Han}+|[^\p{sc=Han}]+/gu;
  var CODE = /[._=()[\]]/; // a Latin run written as code: torch.no_grad(), set_to_none=True
  var STOP = new Set((
    // English: lunr's stop word list (Material's search leaves it out of its pipeline),
    // the pieces of "can't" and "it's", question and helper words, and the words
    // every page has (pytorch, torch, call, use)
    "a able about across after all almost also am among an and any are as at be because " +
    "been but by can cannot could dear did do does either else ever every for from get " +
    "got had has have he her hers him his how however i if in into is it its just least " +
    "let like likely may me might most must my neither no nor not of off often on only " +
    "or other our own rather said say says she should since so some than that the their " +
    "them then there these they this tis to too twas us wants was we were what when " +
    "where which while who whom will with would yet you your " +
    "isn doesn don didn aren wasn won t s d ll m re ve " +
    "being doing done gets getting happen happens happened keep keeps need needs onto " +
    "shall still want way each here very same " +
    "pytorch torch call calls called calling use uses using " +
    // Chinese: particles, question words and fillers, as jieba cuts them
    "的 了 吗 呢 吧 啊 呀 是 在 和 与 跟 及 或 或者 还是 把 被 给 让 对 就 都 也 还 又 很 " +
    "要 会 能 可以 应该 需要 得 地 着 过 怎么 怎样 怎么办 怎么样 怎么回事 如何 什么 什么样 " +
    "为何 哪里 哪儿 哪个 哪些 是否 是不是 能不能 会不会 要不要 有没有 可不可以 " +
    "时 时候 的时候 什么时候 一下 一个 这个 那个 这 那 这样 那样 我 我的 你 它 我们 " +
    "用 使用 进行 做 有 没有 没 只 却 问题 作用 用法 办法 处理 之后 以后 后 前 之前 以前"
  ).split(" "));
  var separator = null, glossary = {}, forms = [], words = [], exact = new Set(), docWords = [];
  var joined = new Set(); // the index's names that it cut at a capital, lowercased: runtimeerror
  // For the ranking (`score`): each word's postings [entry, field, count], each field's boost,
  // each entry's boost and whether it is a page's own entry, and an entry's number by location.
  var postings = new Map(), fieldBoost = {}, entryBoost = [], isPage = [], entryAt = new Map();
  var titles = [], locations = []; // each entry's title and twin (lists of words in order), location
  var lastClauses = []; // the query transform() last wrote, as clauses for `score`
  var shown = {}; // the last query's stems: the reader's word for each (runtim: runtime)
  // The last query's glossary words the reader did not type: {word: the form typed for it, or
  // "" where the form's own words are searched too (loss: 损失)}.
  var added = {};

  // The index's words, sorted, for the prefix test (Material searches each word as a prefix).
  function learn(config, docs) {
    separator = new RegExp(config.separator, "u");
    glossary = config.glossary || {};
    forms = Object.keys(glossary).sort(function (a, b) { return b.length - a.length; });
    var pageSeen = new Set();
    Object.keys(config.fields || {}).forEach(function (name) {
      if (name !== "tags") fieldBoost[name] = config.fields[name].boost || 1;
    });
    docs.forEach(function (doc, entry) {
      var mine = new Set(), path = String(doc.location).split("#")[0];
      isPage.push(!pageSeen.has(path)); // Material's parent: the first entry of a path
      pageSeen.add(path);
      entryBoost.push(doc.boost || 1);
      entryAt.set(doc.location, entry);
      locations.push(doc.location);
      Object.keys(fieldBoost).forEach(function (name) {
        var field = doc[name], counts = new Map();
        if (typeof field !== "string") return;
        (field.replace(/<[^>]*>/g, " ").match(/[A-Za-z0-9]+/g) || []).forEach(function (token) {
          if (/[A-Za-z0-9][A-Z][a-z]/.test(token)) joined.add(token.toLowerCase()); // RuntimeError
        });
        field.replace(/<[^>]*>/g, " ").split(separator).forEach(function (word) {
          word = word.toLowerCase().replace(/^[^\w\p{sc=Han}]+|[^\w\p{sc=Han}]+$/gu, "");
          if (word) { exact.add(word); mine.add(word); counts.set(word, (counts.get(word) || 0) + 1); }
        });
        counts.forEach(function (count, word) {
          if (!postings.has(word)) postings.set(word, []);
          postings.get(word).push([entry, name, count]);
        });
      });
      docWords.push(mine);
      titles.push([doc.title, doc.twin].map(wordsOf));
    });
    words = Array.from(exact).sort();
  }

  // A text's words in order, as the index has them.
  function wordsOf(text) {
    if (typeof text !== "string") return [];
    return text.replace(/<[^>]*>/g, " ").split(separator).map(function (word) {
      return word.toLowerCase().replace(/^[^\w\p{sc=Han}]+|[^\w\p{sc=Han}]+$/gu, "");
    }).filter(Boolean);
  }

  // How rare a word is: lunr's idf over the index's entries that have it.
  function rarity(word) {
    var n = 0;
    docWords.forEach(function (list) { if (list.has(word)) n++; });
    return Math.log(1 + (docWords.length - n + 0.5) / (n + 0.5));
  }

  // The first of the index's sorted words at or after `prefix`.
  function first(prefix) {
    var low = 0, high = words.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (words[middle] < prefix) low = middle + 1; else high = middle;
    }
    return low;
  }

  function known(prefix) {
    var low = first(prefix);
    return low < words.length && words[low].lastIndexOf(prefix, 0) === 0;
  }

  // A query word's family: the index's words it is the start of (grad: grad, grad_fn,
  // grad_input, gradient, ...), or the word alone when it is searched whole.
  function family(clause) {
    if (!clause.prefix) return postings.has(clause.term) ? [clause.term] : [];
    var out = [];
    for (var at = first(clause.term); at < words.length && words[at].lastIndexOf(clause.term, 0) === 0; at++) {
      out.push(words[at]);
    }
    return out;
  }

  // A run of Chinese cut into the index's words (or stop words): fewest words, a known word
  // before an unknown character (jieba's cut, as near as the index shows).
  function cut(run) {
    var cost = [0], from = [0];
    for (var end = 1; end <= run.length; end++) {
      cost[end] = Infinity;
      for (var start = Math.max(0, end - 8); start < end; start++) {
        var word = run.slice(start, end), listed = exact.has(word) || STOP.has(word);
        if (end - start > 1 && !listed) continue;
        var step = cost[start] + (listed ? 1 : 1.5);
        if (step < cost[end]) { cost[end] = step; from[end] = start; }
      }
    }
    var parts = [];
    for (var at = run.length; at > 0; at = from[at]) parts.unshift(run.slice(from[at], at));
    return parts;
  }

  // A Latin word the index does not have, as two or else three of its words run together
  // (runtimeerror: runtime error; syncbatchnorm: sync batch norm), each of three letters or
  // more; null if none.
  function split(word, most) {
    for (var at = 3; at <= word.length - 3; at++) {
      var head = word.slice(0, at), tail = word.slice(at);
      if (exact.has(head) && exact.has(tail)) return [head, tail];
    }
    for (at = 3; most !== 2 && at <= word.length - 6; at++) {
      var rest = exact.has(word.slice(0, at)) && split(word.slice(at), 2);
      if (rest) return [word.slice(0, at)].concat(rest);
    }
    return null;
  }

  // An English word as the start of its family, searched as a prefix: freez (freeze,
  // freezing), accumulat (accumulate, accumulation), gradient (gradients).
  function stem(word) {
    var root = word.replace(/(?:ing|ed|es|e|(?<![su])s)$/, "");
    // tune: tun (tuning); a shorter root only when an e goes (an English verb's -ing drops it)
    return root.length >= 4 || (root.length === 3 && word === root + "e") ? root : word;
  }

  // The query's words: {word, stop, how, weight}, how "whole" (a word of the index,
  // searched as it is) or "start" (searched as a prefix). A content word weighs CONTENT,
  // a question word (why, 为什么: a why-question's words also match the titles that ask
  // why, and nothing more) and the parts of a code name (zero_grad: zero, grad) weigh 1.
  var CONTENT = 3, QUESTION = new Set(["why", "为什么"]), LITERAL = new Set(["none", "true", "false"]);
  function terms(query) {
    var found = [];
    function add(word, stop, how, weight) {
      found.push({ word: word, stop: stop, how: how, weight: weight || (QUESTION.has(word) ? 1 : CONTENT) });
    }
    query.split(/\s+/).forEach(function (chunk) {
      (chunk.match(HAN_RUNS) || []).forEach(function (run) {
        if (HAN.test(run)) {
          cut(run).forEach(function (word) {
            // A word of particles (还会, 就是, 都要) is one too.
            var particles = Array.from(word).every(function (c) { return STOP.has(c); });
            add(word, STOP.has(word) || word.length === 1 || particles, "whole");
          });
          return;
        }
        var code = CODE.test(run);
        run.split(separator).forEach(function (word) {
          word = word.toLowerCase().replace(/^[^\w]+|[^\w=]+$/g, "");
          if (!word) return;
          if (LITERAL.has(word)) {
            add(word, false, "whole"); // None, True, False: Python's, not the start of words
            return;
          }
          if (!code || word === "torch" || word.length === 1) {
            // A number of one or two digits (2 条, 8 GPUs) is a quantity, unless written
            // as a version (2.x, 2.0) or code; 2400 is the number of a worked example.
            var stop = STOP.has(word) || /^[a-z]{1,2}$/.test(word);
            stop = stop || (!code && /^\d\d?$/.test(word));
            if (!stop && !code && !known(word)) {
              // A name typed in lowercase (runtimeerror, syncbatchnorm, gradscaler): the
              // index has it cut at its capitals (Runtime Error), so search its parts.
              var parts = split(word);
              if (parts) {
                parts.forEach(function (part) { add(part, STOP.has(part), "start"); });
                return;
              }
            }
            add(word, stop, "start");
            return;
          }
          if (/^\w+=\w+$/.test(word)) {
            // An argument as written, and its name: set_to_none=true, set_to_none
            add(word, false, "start");
            word = word.split("=")[0];
          }
          // A name written as an attribute or a call (.grad, .to(), detach()) is that
          // name; an identifier (zero_grad) is also the start of its family and,
          // weighing less, the words it is made of.
          var named = /^\.|\)$/.test(run) || word.length < 3;
          add(word, false, named ? "whole" : "start");
          if (word.indexOf("_") > 0) {
            word.split("_").forEach(function (part) {
              if (part.length > 2 && !STOP.has(part)) add(part, false, "start", 1);
            });
          }
        });
      });
    });
    return found;
  }

  // `quiet`: no event for docs/assets/search-miss.js (gsSearch.explain, in the console).
  function transform(query, quiet) {
    var found = terms(query);
    var content = found.filter(function (term) { return !term.stop; });
    if (content.length) found = content;
    // The glossary's terms, longest first, in the query as typed (micro-batch, 叶子节点),
    // at full weight in a query with Chinese (micro-batch大小不同, 叶子节点), at 1 in one
    // without: an English error message pasted on a Chinese page looks for its entry.
    var mixed = HAN.test(query) ? CONTENT : 1;
    var rest = " " + query.toLowerCase().replace(/[-\s]+/g, " ") + " ";
    added = {};
    forms.forEach(function (form) {
      var key = form.replace(/[-\s]+/g, " "), at = rest.indexOf(key);
      if (at < 0) return;
      // A Latin term is a whole word: "hook" is not the start of "hooks_list".
      var apart = /\W/.test(rest[at - 1]) && /\W/.test(rest[at + key.length]);
      if (!HAN.test(key) && !apart) return;
      rest = rest.slice(0, at) + " ".repeat(key.length) + rest.slice(at + key.length);
      // The term and the words typed for it are one of the query's words (`score` counts an
      // entry that has either: a zh section says 分离 where the reader typed detach).
      var group = "form:" + form, typed = new Set(key.split(" "));
      found.forEach(function (term) {
        if (typed.has(term.word) || (HAN.test(term.word) && key.indexOf(term.word) >= 0)) term.group = group;
      });
      var searched = found.some(function (term) { return term.group === group; });
      glossary[form].split(" ").forEach(function (word) {
        if (!found.some(function (term) { return term.word === word; })) added[word] = searched ? "" : form;
        found.push({ word: word, stop: false, how: HAN.test(word) ? "whole" : "start", weight: mixed, group: group });
      });
    });
    // A miss: the index has none of the words but stop words; Material is sent nothing. A
    // Latin word counts when the index has it, or when a page writes it as a name the index
    // cut at its capitals (GradScaler: grad and scaler), typed in either case: tensorflow and
    // TensorFlow, which no page writes, do not count for their parts, the site's tensor and flow.
    var whole = found.map(function (term) { return term.word; }).filter(HAN.test.bind(HAN))
      .concat(query.split(/[^A-Za-z0-9]+/))
      .filter(function (word) { return word && !STOP.has(word.toLowerCase()); });
    var miss = whole.length > 0 && !whole.some(function (word) {
      var low = word.toLowerCase();
      return known(low) || joined.has(low);
    });
    if (!quiet) {
      window.dispatchEvent(new CustomEvent("gs-search-query", { detail: { query: query, miss: miss } }));
    }
    lastClauses = [];
    if (miss) return "";
    // Each word once, at its weight: Material's boost (word^3) for a whole word; a word
    // searched as a prefix cannot carry one (Material would drop its "*"), so it is
    // repeated, which weighs the same in lunr's query vector.
    var weights = new Map(), groups = new Map();
    found.forEach(function (term) {
      var word = term.word, key;
      if (HAN.test(word)) key = exact.has(word) ? word + "〇^" : word;
      else if (term.how === "whole") key = word + "^";
      else key = /^[a-z]{4,}$/.test(word) ? stem(word) : word;
      // A Chinese word weighs its rarity (lunr's idf, rounded, 1 to 6): 梯度, 参数 and
      // 训练, in most sections, weigh 1, and a section titled with one of them no longer
      // outranks the one whose text has the rare words (二阶, 导数). An English word is
      // searched as the start of its family, which `score` weighs as one word at the family's
      // rarity.
      var weight = term.weight;
      if (weight === CONTENT && HAN.test(key)) {
        weight = Math.max(1, Math.min(6, Math.round(rarity(key.replace(/〇?\^$/, "")))));
      }
      weights.set(key, Math.max(weights.get(key) || 0, weight));
      if (!groups.has(key)) groups.set(key, term.group || key);
    });
    shown = {};
    found.forEach(function (term) {
      var key = stem(term.word);
      if (!HAN.test(term.word) && key !== term.word && /^[a-z]{4,}$/.test(term.word)) {
        shown[key] = term.word;
      }
    });
    var out = [];
    lastClauses = [];
    weights.forEach(function (weight, key) {
      if (/\^$/.test(key)) out.push(key + weight);
      else for (var n = 0; n < weight; n++) out.push(key);
      // The same words for `score`: a whole word or the start of a family, at its weight; a
      // Latin word weighs LATIN times as much on a Chinese page (see `score`).
      // A term with a separator in it (non-leaf, from the glossary) is its parts, as lunr reads it.
      var whole = /\^$/.test(key), latin = CHINESE && !HAN.test(key) ? LATIN : 1;
      key.replace(/〇?\^$/, "").split(separator).forEach(function (term) {
        if (term) lastClauses.push({ term: term, prefix: !whole, weight: weight * latin, group: groups.get(key) });
      });
    });
    lastClauses.typed = wordsOf(query);
    return out.join(" ");
  }

  // In the console: gsSearch.transform("...") shows what a query becomes, and with
  // gsSearch.rewrite = false queries go as typed and answers as Material orders them, to compare
  // with Material's own search (tests/test_search.py does, to show that the rewrite is what
  // lands its questions); with gsSearch.own = false the rewritten query's answer is ordered by
  // Material's scores instead of `score` (to show what the ranking changes).
  var gsSearch = window.gsSearch = {
    rewrite: true, own: true, transform: transform, rank: rank, explain: explain,
  };

  // The ranking. Material's worker finds the entries that have any of the query's words and
  // highlights them; the order they are shown in is this file's. Material scores with lunr's
  // BM25 (no length normalization: b = 0), where a word searched as the start of its family
  // adds one term per word of the family an entry has, each at its own rarity: grad* counted
  // grad, grad_fn, grad_input, grad_output, gradient and gradients, the rare ones weighing most,
  // so a section full of grad_input outranked the one titled ".grad is None" for any question
  // with "grad" in it. `score` is the same BM25 (k1 1.2, b 0, the index's field and entry
  // boosts) with a family counted as one word: its count in a field is the sum of its words'
  // counts, its rarity that of the entries that have any of them. Since a family no longer adds
  // up, a Latin word on a Chinese page weighs LATIN times its weight (loss, DDP, backward beside
  // the Chinese words of a question). An entry's worth is then its score times Material's lift
  // (1 + (1 for a page's own entry + the share of the query's words it has)^2), times
  // (1 + that share) / 2, so that a section with one rare word of a question does not outrank
  // one with all its other words, times 1 + RUN for each word past two of the longest run of
  // the query's words its title has in a row (a pasted error message and its entry).
  // tests/search_measured.toml's and tests/search_unseen.toml's headers have the numbers.
  var K1 = 1.2, LATIN = 1.5, RUN = 0.25;
  var CHINESE = /^zh/.test(document.documentElement.lang || "");

  // {entry: [score, share of the query's words it has, longest run of them in its title]} for
  // the entries that have any of them (a glossary term and the words typed for it count as one).
  function score(clauses) {
    var total = new Map(), found = new Map(), n = docWords.length;
    var all = new Set(clauses.map(function (clause) { return clause.group; }));
    clauses.forEach(function (clause) {
      var counts = new Map(); // entry -> {field: count}
      family(clause).forEach(function (word) {
        postings.get(word).forEach(function (posting) {
          var fields = counts.get(posting[0]);
          if (!fields) counts.set(posting[0], (fields = {}));
          fields[posting[1]] = (fields[posting[1]] || 0) + posting[2];
        });
      });
      var idf = Math.log(1 + Math.abs((n - counts.size + 0.5) / (counts.size + 0.5)));
      counts.forEach(function (fields, entry) {
        var sum = 0;
        Object.keys(fields).forEach(function (name) {
          var count = fields[name];
          sum += idf * ((K1 + 1) * count) / (K1 + count) * fieldBoost[name];
        });
        total.set(entry, (total.get(entry) || 0) + clause.weight * sum * entryBoost[entry]);
        if (!found.has(entry)) found.set(entry, new Set());
        found.get(entry).add(clause.group);
      });
    });
    var out = new Map(), typed = clauses.typed || [];
    total.forEach(function (value, entry) {
      out.set(entry, [value, found.get(entry).size / all.size, run(typed, titles[entry])]);
    });
    return out;
  }

  // The most words of the query, in a row, that an entry's title (or twin) has in a row: a
  // pasted error message and the entry titled with it share five or ten.
  function run(typed, lists) {
    var most = 0;
    lists.forEach(function (title) {
      for (var i = 0; i < typed.length; i++) {
        for (var j = 0; j < title.length; j++) {
          var n = 0;
          while (i + n < typed.length && j + n < title.length && typed[i + n] === title[j + n]) n++;
          if (n > most) most = n;
        }
      }
    });
    return most;
  }

  // An entry's worth: its score, Material's lift and this file's (see above).
  function lift(entry, mine) {
    var share = mine[1], row = Math.max(0, (mine[2] || 0) - 2);
    return mine[0] * (1 + Math.pow((isPage[entry] ? 1 : 0) + share, 2)) * (1 + share) / 2 * (1 + RUN * row);
  }

  // In the console: gsSearch.explain("...") lists the entries a query ranks first, with their
  // score, the share of the query's words they have, and their worth.
  function explain(query, most) {
    transform(query, true);
    var out = [];
    score(lastClauses).forEach(function (mine, entry) {
      out.push({ location: locations[entry], score: mine[0], share: mine[1], run: mine[2], worth: lift(entry, mine) });
    });
    return out.sort(function (a, b) { return b.worth - a.worth; }).slice(0, most || 10);
  }

  // Material's answer (a list of pages, each a list of its entries) in this file's order: each
  // entry by its worth, a page by its best entry's. Without clauses (a query not rewritten), an
  // entry's worth is Material's score and the share of Material's terms it has.
  function rank(items, clauses) {
    var scores = gsSearch.own && clauses && clauses.length ? score(clauses) : null;
    function worth(item) {
      var entry = entryAt.get(item.location);
      if (scores && entry !== undefined) return lift(entry, scores.get(entry) || [0, 0]);
      var terms = item.terms || {}, words = Object.keys(terms), have = 0;
      words.forEach(function (word) { if (terms[word]) have++; });
      return (item.score || 0) * (1 + (words.length ? have / words.length : 1)) / 2;
    }
    function order(list, value) {
      return list
        .map(function (entry, i) { return { entry: entry, value: value(entry), i: i }; })
        .sort(function (a, b) { return b.value - a.value || a.i - b.i; })
        .map(function (ranked) { return ranked.entry; });
    }
    // Each entry's score becomes its worth: Material shows the sections of a page that score
    // as much as its first one and folds the others, so its scores must be in this order too.
    var worths = new Map();
    items.forEach(function (group) {
      group.forEach(function (item) {
        worths.set(item, worth(item));
        if (scores) item.score = worths.get(item);
      });
    });
    var get = function (item) { return worths.get(item); };
    return order(items.map(function (group) { return order(group, get); }), function (group) {
      return get(group[0]);
    });
  }
  // Words of a result outside any paragraph (a table's cells, a heading inside the section, the
  // home page's questions shown from the first match on) become one, each run of them: docs/
  // assets/search.css shows a result's first block under its title, three lines of it, and hides
  // the blocks after it, but it cannot hide bare words, and it showed a mark among them as a
  // block of its own ("需要 结果不会再回到里", with retain_graph and 训练 gone).
  var INLINE = /^(#text|MARK|CODE|A|EM|STRONG|SPAN|B|I|SUB|SUP|KBD|ABBR|BR|DEL)$/;
  function paragraphs(article) {
    var run = [];
    function close(before) {
      if (run.some(function (node) { return node.textContent.replace(/[\s\u200b]/g, ""); })) {
        var paragraph = document.createElement("p");
        paragraph.className = "gs-search-words";
        article.insertBefore(paragraph, before);
        run.forEach(function (node) { paragraph.appendChild(node); });
      }
      run = [];
    }
    Array.from(article.childNodes).forEach(function (node) {
      if (INLINE.test(node.nodeName)) run.push(node);
      else close(node);
    });
    close(null);
  }
  // Material lists the words a result lacks ("Missing: runtim") as it was sent them: a stem
  // reads as a typo, so each is shown as the word the reader typed, and a glossary word the
  // reader did not type as the words typed for it (多卡 for 分布式), or not at all where those
  // are searched too (a result with loss lacks nothing when it lacks 损失).
  var list = document.querySelector(".md-search-result__list");
  if (list) {
    new MutationObserver(function () {
      list.querySelectorAll(".md-search-result__terms del").forEach(function (del) {
        var word = shown[del.textContent] || del.textContent, terms = del.parentNode;
        if (!Object.prototype.hasOwnProperty.call(added, word)) {
          if (word !== del.textContent) del.textContent = word;
          return;
        }
        var twice = Array.from(terms.querySelectorAll("del")).some(function (other) {
          return other !== del && other.textContent === added[word];
        });
        if (added[word] && !twice) del.textContent = added[word];
        else del.remove();
        if (!terms.querySelector("del")) terms.remove();
      });
      list.querySelectorAll(".md-search-result__article > h2").forEach(function (title) {
        paragraphs(title.parentElement);
      });
    }).observe(list, { childList: true, subtree: true });
  }

  var Worker = window.Worker, warned = false;
  if (!Worker) return;
  // The worker answers the queries in the order it was sent them: each answer is ranked with
  // the clauses of the query it answers (a reader types faster than the worker answers).
  var sent = [], asked = new WeakMap();
  // Material reads the worker's answers with addEventListener("message"): each answer of
  // type RESULT (3) is reordered before Material's listener sees it.
  var listen = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, listener) {
    if (type === "message" && typeof listener === "function") {
      var material = listener;
      arguments[1] = function (event) {
        var answer = event && event.data;
        if (answer && answer.type === RESULT && !asked.has(answer)) asked.set(answer, sent.shift());
        if (gsSearch.rewrite && answer && answer.type === RESULT && answer.data &&
            Array.isArray(answer.data.items)) {
          answer.data.items = rank(answer.data.items, asked.get(answer));
        }
        return material.apply(this, arguments);
      };
    }
    return listen.apply(this, arguments);
  };
  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    var data = message && message.data;
    if (message && message.type === SETUP && data && data.config && Array.isArray(data.docs)) {
      learn(data.config, data.docs);
    } else if (message && message.type === QUERY && typeof data === "string" && separator) {
      if (!gsSearch.rewrite) { sent.push(null); return post.apply(this, arguments); }
      message = { type: QUERY, data: transform(data) };
      sent.push(lastClauses);
    } else if (!warned && message && (typeof data === "string" || (data && data.docs))) {
      warned = true; // an index or a query under another number: Material changed
      console.warn("search-query.js: Material's search messages changed; queries go as typed");
    }
    arguments[0] = message;
    return post.apply(this, arguments);
  };
})();
