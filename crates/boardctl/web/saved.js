// The Saved games page: every game kept in this browser, resumable,
// exportable as PDN, deletable.

import { post, ApiError } from './api.js';
import * as store from './store.js';
import { toPdn } from './pdn.js';
import { gameBody, showPdn } from './play.js';

const $ = (id) => document.getElementById(id);

export class SavedView {
  /** `onResume(game)` opens a saved game on the Play page. */
  constructor(onResume) {
    this.onResume = onResume;
  }

  render() {
    const list = $('saved-list');
    list.replaceChildren();
    const games = store.list();
    $('saved-empty').hidden = games.length > 0;
    const current = store.currentId();
    for (const g of games) {
      const li = document.createElement('li');
      li.className = 'saved-game';
      li.dataset.id = g.id;
      if (g.id === current) li.classList.add('current');
      const title = document.createElement('span');
      title.className = 'saved-title';
      const status = g.endingText ? g.endingText : `${g.moves.length} ${g.moves.length === 1 ? 'move' : 'moves'}, unfinished`;
      title.textContent = `${g.profileName || g.profile || 'your own profile'}${g.profileToml ? ' (your own)' : ''} — ${status}`;
      const when = document.createElement('span');
      when.className = 'saved-when';
      when.textContent = new Date(g.updated || g.created || 0).toLocaleString();
      const buttons = document.createElement('span');
      buttons.className = 'buttons';
      buttons.append(
        button('Resume', 'resume', () => this.onResume(store.load(g.id))),
        button('Export PDN', 'export', () => this.exportGame(g)),
        button('Delete', 'delete', () => {
          store.remove(g.id);
          this.render();
        }),
      );
      li.append(title, ' ', when, ' ', buttons);
      if (g.id === current) {
        const here = document.createElement('span');
        here.className = 'on-play';
        here.textContent = 'on the Play page';
        li.append(' ', here);
      }
      list.appendChild(li);
    }
  }

  async exportGame(game) {
    try {
      const state = await post('/api/game', gameBody(game));
      showPdn(toPdn(game, state), !!game.profileToml, state.profile);
    } catch (e) {
      alert(e instanceof ApiError ? e.message : String(e));
    }
  }
}

function button(text, kind, action) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = kind;
  b.textContent = text;
  b.addEventListener('click', action);
  return b;
}
