'use strict';
/*
 * Raiders of the Lost Tomb, an independent implementation in plain Node.js (no packages).
 *
 * Written from the rulebook's rules as the tombspec catalog quotes them (spec/raiders.toml) and from
 * the readings the tombspec model documents for what the rulebook leaves open (the options named after
 * the catalog's ambiguities).  It keeps the model's state shape and its turn phases, so that the
 * conform protocol can compare the two after every step (docs/oracle.md).
 *
 * A state is plain JSON data; applying an action never changes the state it is given.
 */

// ------------------------------------------------------------------------------------------------
// Errors: a rule broken, a question the rulebook leaves open, malformed input

class IllegalAction extends Error {
  constructor(rule, message) {
    super(`${rule}: ${message}`);
    this.rule = rule;
  }
}

class Unspecified extends Error {
  constructor(ambiguity, message) {
    super(`${ambiguity}: ${message}`);
    this.ambiguity = ambiguity;
  }
}

class InvalidInput extends Error {}

function require(condition, rule, message) {
  if (!condition) throw new IllegalAction(rule, message || `breaks ${rule}`);
}

// ------------------------------------------------------------------------------------------------
// Options: the Advanced Rules, and one reading per open question of the rulebook

const VARIANTS = {
  special_tiles: 'raiders.advanced.special-tiles',
  audacity_advanced: 'raiders.advanced.audacity-advanced',
};

// option: [ambiguity, default reading, other readings]
const READINGS = {
  five_or_six: ['raiders.ambiguity.five-or-six', 'either-number', ['heads-only']],
  natural_six: ['raiders.ambiguity.natural-six-pennies', 'six-pennies', ['all-pennies']],
  penny_cap: ['raiders.ambiguity.penny-cap', 'six', ['no-cap']],
  audacity_cap: ['raiders.ambiguity.audacity-cap', 'no-cap', ['shared-six']],
  grail_holder_killed: ['raiders.ambiguity.grail-holder-killed', 'survivor-gains', ['nobody-wins']],
  encounter_free_entry: ['raiders.ambiguity.encounter-free-entry', 'any-roll', ['successful-roll']],
  failing_a_move_roll: ['raiders.ambiguity.failing-a-move-roll', 'not-moving', ['no-match']],
  back_one_full_tile: ['raiders.ambiguity.back-one-full-tile', 'previous-tile-adjacent', ['next-tile-adjacent']],
  boss_encounter_chain: ['raiders.ambiguity.boss-encounter-chain', 'chain-ahead', ['one-room']],
  boss_number: ['raiders.ambiguity.boss-number-with-audacity', 'raw-roll', ['altered-roll']],
  escape_tile_or_space: ['raiders.ambiguity.escape-tile-or-space', 'escape-space', ['escape-tile']],
  shared_start_space: ['raiders.ambiguity.shared-start-space', 'attack-applies', ['start-exempt']],
  grail_gain_kills: ['raiders.ambiguity.grail-gain-kills', 'killed', ['floor-one']],
  audacity_advanced_attack: ['raiders.ambiguity.audacity-advanced-attack', 'before-roll-defender-first',
    ['after-roll-as-standard']],
  black_tile: ['raiders.ambiguity.black-tile-any-face', 'either-face-no-audacity', ['any-number']],
  portal_second_visit: ['raiders.ambiguity.portal-second-visit', 'enter-without-use', ['no-entry']],
  start_escape_numbers: ['raiders.ambiguity.start-escape-numbers', 'any-roll', ['printed-number']],
};

function makeOptions(data) {
  const options = {};
  for (const name of Object.keys(VARIANTS)) options[name] = false;
  for (const [name, [, dflt]] of Object.entries(READINGS)) options[name] = dflt;
  if (data === null || data === undefined) return options;
  if (typeof data !== 'object' || Array.isArray(data)) throw new InvalidInput('options must be an object');
  for (const [name, value] of Object.entries(data)) {
    if (name in VARIANTS) {
      if (typeof value !== 'boolean') throw new InvalidInput(`option ${name} must be true or false`);
    } else if (name in READINGS) {
      const [, dflt, others] = READINGS[name];
      if (value !== null && value !== dflt && !others.includes(value)) {
        throw new InvalidInput(`option ${name} must be one of ${[dflt, ...others].join(', ')}`);
      }
    } else {
      throw new InvalidInput(`unknown option ${name}`);
    }
    options[name] = value;
  }
  return options;
}

// The reading chosen for an open question; unset (null), the rulebook does not settle it.
function read(options, name) {
  const value = options[name];
  if (value === null) {
    throw new Unspecified(READINGS[name][0], `the rulebook does not settle this and option ${name} is unset`);
  }
  return value;
}

// ------------------------------------------------------------------------------------------------
// The tomb: tiles laid in stack order, each later tile on top; spaces adjacent in 8 directions

const TOKEN = /^(?:([1-6])|([MTP])|([SE])([1-6])?|(\.))$/;
const ROOMS = { M: 'monster', T: 'trap', P: 'portal' };
const ENCOUNTER_KINDS = ['monster', 'trap', 'portal'];

function rotate(grid, rotation) {
  const turns = ((Math.floor(rotation / 90) % 4) + 4) % 4;
  for (let t = 0; t < turns; t++) {
    const rows = grid.length;
    const cols = rows ? Math.min(...grid.map((r) => r.length)) : 0;
    const next = [];
    for (let c = 0; c < cols; c++) {
      const row = [];
      for (let r = rows - 1; r >= 0; r--) row.push(grid[r][c]);
      next.push(row);
    }
    grid = next;
  }
  return grid;
}

class Board {
  constructor(data) {
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new InvalidInput('the board must be an object');
    const tiles = new Map();
    for (const tile of data.tiles || []) tiles.set(tile.id, tile);
    const cells = new Map();
    (data.placements || []).forEach((pl, index) => {
      const tile = tiles.get(pl.tile);
      if (!tile) throw new InvalidInput(`placement ${index + 1} names an unknown tile ${pl.tile}`);
      const grid = rotate(tile.rows.map((row) => (row.trim() ? row.trim().split(/\s+/) : [])), pl.rotation || 0);
      grid.forEach((row, dy) => row.forEach((token, dx) => {
        const m = TOKEN.exec(token);
        if (!m) throw new InvalidInput(`tile ${tile.id}: ${token} is not a space token`);
        if (m[5]) return;
        const x = (pl.x || 0) + dx;
        const y = (pl.y || 0) + dy;
        let kind;
        let number = null;
        if (m[1]) { kind = 'number'; number = Number(m[1]); }
        else if (m[2]) kind = ROOMS[m[2]];
        else { kind = m[3] === 'S' ? 'start' : 'escape'; number = m[4] ? Number(m[4]) : null; }
        const id = `${x},${y}`;
        const below = cells.get(id);
        cells.set(id, { id, x, y, kind, number, tile: index, tiles: [...(below ? below.tiles : []), index],
          colour: tile.colour || 'plain' });
      }));
    });
    const ordered = [...cells.values()].sort((a, b) => (a.y - b.y) || (a.x - b.x));
    this.spaces = new Map(ordered.map((s) => [s.id, s]));
    this.order = new Map(ordered.map((s, i) => [s.id, i]));
    this.adjacent = new Map();
    for (const s of ordered) {
      const near = [];
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          const other = `${s.x + dx},${s.y + dy}`;
          if ((dx || dy) && this.spaces.has(other)) near.push(other);
        }
      }
      near.sort((a, b) => this.order.get(a) - this.order.get(b));
      this.adjacent.set(s.id, near);
    }
    const starts = ordered.filter((s) => s.kind === 'start');
    const escapes = ordered.filter((s) => s.kind === 'escape');
    if (starts.length !== 1 || escapes.length !== 1) throw new InvalidInput('a board shows one Start and one Escape');
    this.start = starts[0].id;
    this.escape = escapes[0].id;
    this.portals = ordered.filter((s) => s.kind === 'portal').map((s) => s.id);
    this.distances = new Map();
    const far = this.spaces.size + 1;
    const fromEscape = this.distanceFrom(this.escape);
    this.toEscape = new Map(ordered.map((s) => [s.id, fromEscape.has(s.id) ? fromEscape.get(s.id) : far]));
  }

  neighbours(space) { return this.adjacent.get(space); }

  // Moves between two spaces (breadth first), memoised per origin.
  distanceFrom(space) {
    let d = this.distances.get(space);
    if (d) return d;
    d = new Map([[space, 0]]);
    const queue = [space];
    for (let i = 0; i < queue.length; i++) {
      for (const n of this.adjacent.get(queue[i])) {
        if (!d.has(n)) { d.set(n, d.get(queue[i]) + 1); queue.push(n); }
      }
    }
    this.distances.set(space, d);
    return d;
  }

  // Ahead: closer to the Escape Space (the reading "escape-distance" of raiders.ambiguity.ahead-behind).
  ahead(space) { return this.adjacent.get(space).filter((n) => this.toEscape.get(n) < this.toEscape.get(space)); }

  behind(space) { return this.adjacent.get(space).filter((n) => this.toEscape.get(n) > this.toEscape.get(space)); }

  tileSpaces(tile) { return [...this.spaces.values()].filter((s) => s.tile === tile).map((s) => s.id); }

  isEncounter(space) { return ENCOUNTER_KINDS.includes(this.spaces.get(space).kind); }
}

// ------------------------------------------------------------------------------------------------
// Actions: every decision and chance outcome, as canonical data

const ACTION_FIELDS = {
  'coin-toss': [['winner', 'int']],
  heads: [['heads', 'int']],
  'attack-roll': [['attacker', 'int'], ['defender', 'int']],
  move: [],
  prepare: [],
  rest: [],
  'use-portal': [],
  boost: [['audacity', 'int']],
  'move-to': [['space', 'str'], ['face', 'str'], ['audacity', 'int', 0]],
  stay: [],
  spend: [['audacity', 'int'], ['face', 'str', 'heads']],
  place: [['space', 'str']],
};

function decodeAction(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data) || typeof data.kind !== 'string') {
    throw new InvalidInput('an action is an object with a string kind');
  }
  const fields = ACTION_FIELDS[data.kind];
  if (!fields) throw new InvalidInput(`unknown action kind ${data.kind}`);
  const names = new Set(fields.map(([n]) => n));
  for (const key of Object.keys(data)) {
    if (key !== 'kind' && !names.has(key)) throw new InvalidInput(`${data.kind} has no field ${key}`);
  }
  const action = { kind: data.kind };
  for (const [name, type, dflt] of fields) {
    let value = data[name];
    if (value === undefined) {
      if (dflt === undefined) throw new InvalidInput(`${data.kind} needs ${name}`);
      value = dflt;
    }
    if (type === 'int' ? !Number.isInteger(value) : typeof value !== 'string') {
      throw new InvalidInput(`${data.kind}.${name} must be ${type === 'int' ? 'an integer' : 'a string'}`);
    }
    action[name] = value;
  }
  return action;
}

const act = (kind, fields = {}) => decodeAction({ kind, ...fields });
const key = (a) => [a.kind, ...ACTION_FIELDS[a.kind].map(([n]) => a[n])].join('|');
const contains = (actions, a) => { const k = key(a); return actions.some((b) => key(b) === k); };

// ------------------------------------------------------------------------------------------------
// The game

const STARTING_PENNIES = 6;
const STARTING_AUDACITY = 2;
const AUDACITY_NICKELS = 6;
const UNBOUNDED = 1000000;

const PLAYER_PHASES = ['action', 'boost', 'move-to', 'forced-move', 'spend', 'place'];
const DEFENDER_PHASES = ['attack-boost-defender', 'attack-defender'];
const CHANCE_PHASES = { 'coin-toss': 'coin', roll: 'pennies', 'attack-roll': 'pennies' };

const evolve = (obj, changes) => ({ ...obj, ...changes });

function withRaider(state, player, changes) {
  const raiders = state.raiders.slice();
  raiders[player] = evolve(raiders[player], changes);
  return evolve(state, { raiders });
}

const killed = (raider) => raider.position === null;

// Effects that last for the turn (the model's `effects`): an Attack due, the Encounter rooms that pull a
// Raider in on a failed Move roll, and what a Place decision is for.
function effect(name, rule, until, extra = {}) {
  return { name, rule, until, player: null, subject: null, value: null, items: [], ...extra };
}
const findEffect = (state, name) => state.effects.find((e) => e.name === name) || null;
const addEffect = (state, e) => evolve(state, { effects: [...state.effects, e] });
const dropEffect = (state, name) => evolve(state, { effects: state.effects.filter((e) => e.name !== name) });
const pullers = (state) => (findEffect(state, 'pulled-by') || { items: [] }).items;
const placing = (state) => { const e = findEffect(state, 'place'); return e ? e.subject : null; };
function placingFor(state, why, rule) {
  const e = effect('place', rule, 'resolved', { player: state.current, subject: why });
  return evolve(dropEffect(state, 'place'), { phase: 'place', effects: [...dropEffect(state, 'place').effects, e] });
}

class Raiders {
  constructor(options, board, bugs = new Set()) {
    this.options = makeOptions(options);
    this.board = new Board(board);
    this.bugs = bugs;
  }

  // -- Tomb Set Up ------------------------------------------------------------------------------

  initialState() {
    // Both Raider Nickels on the Start space, 2 Audacity and 6 Pennies each; the Quarter on 8.
    const raider = { position: this.board.start, pennies: STARTING_PENNIES, audacity: STARTING_AUDACITY,
      portal_used: false, trapped: false, in_encounter: false, came_from: null, loses_next_turn: false };
    return { phase: 'coin-toss', current: 0, raiders: [raider, { ...raider }], grail: null,
      boss_track: this.bugs.has('boss-track-off-by-one') ? 9 : 8, boss: null, turns_in_round: 0,
      turn: 0, toss_winner: null, roll: null, attack: null, effects: [], winner: null, outcome: null };
  }

  coinToss(state, winner) {
    // The toss winner places the Start tile; the loser goes first and gains The Holy Grail.
    const first = 1 - winner;
    state = evolve(state, { toss_winner: winner, current: first });
    return this.gainGrail(state, first);
  }

  // -- The Object of the Game: pennies, Audacity, the Grail ----------------------------------------

  // The most pennies a Raider may hold after a gain: six, less the Grail penny set aside.  Whether
  // the six is a cap at all is an open question, asked only when the gain would go past it.
  pennyCap(state, player, gain = 1) {
    const six = STARTING_PENNIES - (state.grail === player ? 1 : 0);
    if (state.raiders[player].pennies + gain <= six) return six;
    return read(this.options, 'penny_cap') === 'six' ? six : UNBOUNDED;
  }

  // Audacity Nickels left to take; whether the six Nickels run out is asked only when they could.
  audacitySupply(state, gain = 1) {
    const held = state.raiders.reduce((n, r) => n + r.audacity, 0);
    if (held + gain <= AUDACITY_NICKELS || read(this.options, 'audacity_cap') === 'no-cap') return UNBOUNDED;
    return AUDACITY_NICKELS - held;
  }

  gainAudacity(state, player, gain = 1) {
    const r = state.raiders[player];
    return withRaider(state, player, { audacity: r.audacity + Math.min(gain, Math.max(this.audacitySupply(state, gain), 0)) });
  }

  loseAudacity(state, player, loss = 1) {
    return withRaider(state, player, { audacity: Math.max(state.raiders[player].audacity - loss, 0) });
  }

  gainPenny(state, player) {
    const r = state.raiders[player];
    const most = this.pennyCap(state, player);
    return withRaider(state, player, { pennies: Math.min(r.pennies + 1, Math.max(most, r.pennies)) });
  }

  losePenny(state, player) {
    state = withRaider(state, player, { pennies: Math.max(state.raiders[player].pennies - 1, 0) });
    return this.killedIfBroke(state, player);
  }

  killedIfBroke(state, player) {
    // "If at any time you lose all of your pennies, you are Killed".
    const r = state.raiders[player];
    if (killed(r) || r.pennies > 0) return state;
    state = withRaider(state, player, { position: null, trapped: false, in_encounter: false, came_from: null,
      loses_next_turn: false });
    if (state.grail === player) state = this.grailHolderKilled(state, player);
    if (state.raiders.every(killed) && state.outcome === null) {
      state = evolve(state, { phase: 'over', outcome: 'killed', winner: null });
    }
    return state;
  }

  grailHolderKilled(state, player) {
    const other = 1 - player;
    if (read(this.options, 'grail_holder_killed') === 'nobody-wins') {
      return evolve(state, { grail: null, phase: 'over', outcome: 'grail-lost', winner: null });
    }
    state = evolve(state, { grail: null });
    if (killed(state.raiders[other])) return evolve(state, { phase: 'over', outcome: 'killed', winner: null });
    return this.gainGrail(state, other);
  }

  gainGrail(state, player) {
    // "Anytime a player gains 'The Holy Grail' they immediately reduce the pennies they have by 1 and
    // they also gain 1 Audacity."
    const r = state.raiders[player];
    let pennies = r.pennies - 1;
    if (pennies <= 0 && read(this.options, 'grail_gain_kills') === 'floor-one') pennies = Math.max(pennies, 1);
    const supply = this.audacitySupply(state);
    state = evolve(state, { grail: player });
    state = withRaider(state, player, { pennies, audacity: r.audacity + Math.min(1, Math.max(supply, 0)) });
    return this.killedIfBroke(state, player);
  }

  // -- Raider Actions: Move, Audacity, Prepare, Rest ----------------------------------------------

  isNaturalSix(roll) {
    if (roll.heads === null || (roll.heads !== 0 && roll.heads !== roll.pennies)) return false;
    if (this.bugs.has('natural-six-on-five') && roll.pennies === 5) return true;
    return roll.pennies === 6 || (roll.pennies > 0 && read(this.options, 'natural_six') === 'all-pennies');
  }

  moveOptions(state) {
    const { board, options } = this;
    const raider = state.raiders[state.current];
    const roll = state.roll;
    const tails = roll.pennies - roll.heads;
    const here = raider.position;
    if (this.isNaturalSix(roll)) return board.neighbours(here).map((s) => act('move-to', { space: s, face: 'natural' }));
    const numbered = [];
    let free = [];
    for (const s of board.neighbours(here)) {
      const space = board.spaces.get(s);
      if (board.isEncounter(s)) {
        if (space.kind === 'portal' && raider.portal_used && read(options, 'portal_second_visit') === 'no-entry') continue;
        free.push(act('move-to', { space: s, face: 'free' }));
        continue;
      }
      if (space.number === null) { // a Start or Escape space without a printed number
        if (read(options, 'start_escape_numbers') === 'any-roll') free.push(act('move-to', { space: s, face: 'free' }));
        continue;
      }
      const colour = options.special_tiles ? space.colour : 'plain';
      if (colour === 'black' && read(options, 'black_tile') === 'any-number') {
        numbered.push(act('move-to', { space: s, face: 'heads', audacity: 0 }));
        continue;
      }
      const faces = colour === 'yellow-red' ? ['heads'] : ['heads', 'tails'];
      const seen = new Set();
      for (const face of faces) {
        const rolled = face === 'heads' ? roll.heads : tails;
        const need = Math.abs(space.number - rolled); // 1 Audacity per step, up or down
        if (colour === 'black' && need) continue;
        if (need <= raider.audacity && (face === 'heads' || !seen.has(rolled))) {
          numbered.push(act('move-to', { space: s, face, audacity: need }));
          seen.add(rolled);
        }
      }
    }
    if (free.length && numbered.length === 0 && read(options, 'encounter_free_entry') === 'successful-roll') free = [];
    return [...numbered, ...free];
  }

  hasMatch(state) { return this.moveOptions(state).some((m) => ['heads', 'tails', 'natural'].includes(m.face)); }

  canRest(state, player) {
    // Re-gain 1 lost Penny (never the penny lost for gaining the Grail).
    const limit = this.bugs.has('rest-regains-grail-penny') ? STARTING_PENNIES
      : STARTING_PENNIES - (state.grail === player ? 1 : 0);
    return state.raiders[player].pennies < limit;
  }

  rest(state) {
    if (this.bugs.has('rest-regains-grail-penny')) {
      const r = state.raiders[state.current];
      return withRaider(state, state.current, { pennies: Math.min(r.pennies + 1, STARTING_PENNIES) });
    }
    return this.gainPenny(state, state.current);
  }

  // -- Attack Player ------------------------------------------------------------------------------

  isAttackWon(attackerHeads, attackerSpent, defenderHeads, defenderSpent) {
    // More Heads wins; ties go to the Defender.
    if (this.bugs.has('ties-to-attacker')) return attackerHeads + attackerSpent >= defenderHeads + defenderSpent;
    return attackerHeads + attackerSpent > defenderHeads + defenderSpent;
  }

  isAttackDue(state, player) {
    const holder = state.grail;
    if (holder === null || holder === player) return false;
    const me = state.raiders[player];
    const them = state.raiders[holder];
    if (killed(me) || killed(them) || me.position !== them.position) return false;
    return !(me.position === this.board.start && read(this.options, 'shared_start_space') === 'start-exempt');
  }

  attackResult(state, won) {
    const attack = state.attack;
    state = evolve(state, { attack: null });
    if (!won) return state;
    const defender = state.raiders[attack.defender];
    const returned = this.bugs.has('grail-penny-kept') ? defender.pennies : defender.pennies + 1;
    state = withRaider(state, attack.defender, { pennies: returned, loses_next_turn: true });
    state = evolve(state, { grail: null });
    state = this.gainGrail(state, attack.attacker);
    return this.killedIfBroke(state, attack.attacker);
  }

  // -- The Boss Monster ---------------------------------------------------------------------------

  roundEnd(state) {
    if (state.boss_track === 0) return state;
    const track = Math.max(state.boss_track - 1, 0);
    state = evolve(state, { boss_track: track });
    if (track === 0) {
      state = evolve(state, { boss: this.board.start });
      state = this.trap(state, this.board.start);
    }
    return state;
  }

  trap(state, space) {
    state.raiders.forEach((r, player) => {
      if (r.position === space && !killed(r)) state = withRaider(state, player, { trapped: true });
    });
    return state;
  }

  bossNumbers(state) {
    const roll = state.roll;
    if (roll === null || roll.heads === null) return new Set();
    const tails = roll.pennies - roll.heads;
    if (roll.purpose !== 'move' || roll.face === null || roll.face === 'free') return new Set([roll.heads, tails]);
    if (roll.face === 'natural') return new Set([0]);
    let chosen = roll.face === 'heads' ? roll.heads : tails;
    if (roll.number !== null && roll.number !== chosen && read(this.options, 'boss_number') === 'altered-roll') {
      chosen = roll.number;
    }
    return new Set([roll.pennies - chosen]); // the opposite number
  }

  // Next to the Escape space, or to the Escape tile: asked only where the two differ.
  isNextToEscape(space) {
    const board = this.board;
    const bySpace = board.neighbours(space).includes(board.escape);
    const escapeTile = board.spaces.get(board.escape).tile;
    const byTile = board.neighbours(space).some((s) => board.spaces.get(s).tile === escapeTile);
    if (bySpace === byTile) return bySpace;
    return read(this.options, 'escape_tile_or_space') === 'escape-space' ? bySpace : byTile;
  }

  bossMove(state) {
    const board = this.board;
    const boss = state.boss;
    if (this.isNextToEscape(boss)) return evolve(state, { boss: board.escape, phase: 'over', outcome: 'sealed', winner: null });
    const numbers = this.bossNumbers(state);
    const candidates = board.ahead(boss).filter((s) => s !== board.escape
      && (board.isEncounter(s) || numbers.has(board.spaces.get(s).number)));
    if (candidates.length === 0) return state;
    const living = state.raiders.filter((r) => !killed(r)).map((r) => r.position);
    const closeness = (space) => {
      const d = board.distanceFrom(space);
      const near = living.length ? Math.min(...living.map((p) => (d.has(p) ? d.get(p) : UNBOUNDED))) : 0;
      return [near, board.order.get(space)];
    };
    let best = candidates[0];
    for (const s of candidates.slice(1)) {
      const [a, b] = [closeness(s), closeness(best)];
      if (a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])) best = s;
    }
    const path = [best];
    // Ending next to Encounter rooms, it moves into them (and any other adjacent ones), and stops.
    for (;;) {
      const last = path[path.length - 1];
      const rooms = board.ahead(last).filter((s) => board.isEncounter(s) && !path.includes(s));
      if (rooms.length === 0) break;
      if (path.length > 1 && board.isEncounter(last) && read(this.options, 'boss_encounter_chain') === 'one-room') break;
      path.push(rooms[0]);
    }
    for (const space of path) state = this.trap(state, space);
    return evolve(state, { boss: path[path.length - 1] });
  }

  // -- Encounters: Monster, Trap, Portal ----------------------------------------------------------

  pullers(state, player) {
    const here = state.raiders[player].position;
    if (here === null) return [];
    return this.board.ahead(here).filter((s) => ['monster', 'trap'].includes(this.board.spaces.get(s).kind));
  }

  facesForFiveOrSix() { return read(this.options, 'five_or_six') === 'heads-only' ? ['heads'] : ['heads', 'tails']; }

  passesUnaltered(roll) {
    if ([5, 6].includes(roll.heads)) return true;
    // Only the Tails number could pass: now the reading of "a 5 or 6" decides.
    return [5, 6].includes(roll.pennies - roll.heads) && this.facesForFiveOrSix().includes('tails');
  }

  spendOptions(state) {
    const roll = state.roll;
    const audacity = state.raiders[state.current].audacity;
    const options = [act('spend', { audacity: 0 })];
    const tails = roll.pennies - roll.heads;
    let tailsCould = false;
    for (let k = 1; k <= audacity; k++) if ([5, 6].includes(tails + k) || [5, 6].includes(tails - k)) tailsCould = true;
    for (const face of tailsCould ? this.facesForFiveOrSix() : ['heads']) {
      const rolled = face === 'heads' ? roll.heads : roll.pennies - roll.heads;
      for (let k = 1; k <= audacity; k++) {
        if ([5, 6].includes(rolled + k) || [5, 6].includes(rolled - k)) options.push(act('spend', { audacity: k, face }));
      }
    }
    return options;
  }

  canUsePortal(state, player) {
    const r = state.raiders[player];
    if (this.bugs.has('portal-twice')) {
      return r.position !== null && r.in_encounter && this.board.spaces.get(r.position).kind === 'portal';
    }
    return r.position !== null && r.in_encounter && !r.portal_used && this.board.spaces.get(r.position).kind === 'portal';
  }

  // "you may automatically move your character to any other room space marked Portal": any other
  // Portal, or (it is "may") the Portal the Raider stands in.
  portalTargets(here) {
    const others = this.board.portals.filter((p) => p !== here);
    return others.length ? [...others, here] : [];
  }

  malfunctionTargets(here) {
    const board = this.board;
    const tile = board.spaces.get(here).tile;
    const step = read(this.options, 'back_one_full_tile') === 'previous-tile-adjacent' ? -1 : 1;
    const current = new Set(board.tileSpaces(tile));
    const spaces = board.tileSpaces(tile + step).filter((s) => board.neighbours(s).some((n) => current.has(n)));
    return spaces.length ? spaces : [board.start];
  }

  // -- The turn -----------------------------------------------------------------------------------

  pending(state) {
    const phase = state.phase;
    if (phase === 'over') return { kind: 'over', player: null };
    if (phase in CHANCE_PHASES) return { kind: 'chance', player: null, what: CHANCE_PHASES[phase] };
    if (PLAYER_PHASES.includes(phase)) return { kind: 'decision', player: state.current, what: phase };
    if (DEFENDER_PHASES.includes(phase)) return { kind: 'decision', player: state.attack.defender, what: phase };
    return { kind: 'decision', player: state.attack.attacker, what: phase };
  }

  chanceOutcomes(state) {
    const out = [];
    if (state.phase === 'coin-toss') return [act('coin-toss', { winner: 0 }), act('coin-toss', { winner: 1 })];
    if (state.phase === 'roll') {
      for (let h = 0; h <= state.roll.pennies; h++) out.push(act('heads', { heads: h }));
    } else if (state.phase === 'attack-roll') {
      const a = state.attack;
      const na = state.raiders[a.attacker].pennies + a.attacker_extra;
      const nd = state.raiders[a.defender].pennies + a.defender_extra;
      for (let ha = 0; ha <= na; ha++) for (let hd = 0; hd <= nd; hd++) out.push(act('attack-roll', { attacker: ha, defender: hd }));
    }
    return out;
  }

  legalActions(state) {
    if (this.pending(state).kind !== 'decision') return [];
    const phase = state.phase;
    const me = state.current;
    const raider = state.raiders[me];
    const upTo = (n, make) => Array.from({ length: n + 1 }, (_, k) => make(k));
    switch (phase) {
      case 'action': {
        const acts = [act('move'), act('prepare')];
        if (this.canRest(state, me)) acts.push(act('rest'));
        if (this.canUsePortal(state, me)) acts.push(act('use-portal'));
        return acts;
      }
      case 'boost': return upTo(raider.audacity, (k) => act('boost', { audacity: k }));
      case 'move-to': return [...this.moveOptions(state), act('stay')];
      case 'forced-move': return pullers(state).map((s) => act('place', { space: s }));
      case 'spend': return this.spendOptions(state);
      case 'place': return this.placeTargets(state).map((s) => act('place', { space: s }));
      case 'attack-boost-defender':
      case 'attack-boost-attacker':
        return upTo(state.raiders[this.pending(state).player].audacity, (k) => act('boost', { audacity: k }));
      case 'attack-defender':
      case 'attack-attacker':
        return upTo(state.raiders[this.pending(state).player].audacity, (k) => act('spend', { audacity: k }));
      default: return [];
    }
  }

  placeTargets(state) {
    const here = state.raiders[state.current].position;
    switch (placing(state)) {
      case 'ahead': return this.board.ahead(here);
      case 'back': return this.board.behind(here);
      case 'portal': return this.portalTargets(here);
      case 'malfunction': return this.malfunctionTargets(here);
      default: return [];
    }
  }

  // The state after an action; IllegalAction (with the rule) when the action breaks one.
  step(state, action) {
    const phase = state.phase;
    require(phase !== 'over', 'raiders.object.game-ends-on-escape', 'the game is over');
    const pending = this.pending(state);
    if (pending.kind === 'chance') {
      require(contains(this.chanceOutcomes(state), action), this.chanceRule(state),
        `${key(action)} is not a possible outcome of the ${pending.what} here`);
      if (phase === 'coin-toss') {
        state = this.coinToss(state, action.winner);
        return this.turnStart(state, state.current);
      }
      if (phase === 'roll') return this.applyRoll(state, action.heads);
      return this.attackRoll(state, action);
    }
    require(contains(this.legalActions(state), action), this.decisionRule(state, action),
      `${key(action)} is not open to player ${pending.player} in phase ${phase}`);
    switch (phase) {
      case 'action': return this.actionChosen(state, action);
      case 'boost': return this.boost(state, action);
      case 'move-to': return action.kind === 'stay' ? this.stay(state) : this.moveTo(state, action);
      case 'forced-move': return this.forced(state, action);
      case 'spend': return this.spend(state, action);
      case 'place': return this.place(state, action);
      case 'attack-boost-defender':
      case 'attack-boost-attacker': return this.attackBoost(state, action);
      default: return this.attackSpend(state, action);
    }
  }

  chanceRule(state) {
    if (state.phase === 'coin-toss') return 'raiders.setup.coin-toss';
    if (state.phase === 'attack-roll') return 'raiders.attack.both-roll';
    return 'raiders.move.roll';
  }

  // The rule a refused decision breaks: the most specific one the phase and action point to.
  decisionRule(state, action) {
    const phase = state.phase;
    if (phase === 'action') {
      if (action.kind === 'rest') return 'raiders.rest.regain-penny';
      if (action.kind === 'use-portal') return 'raiders.portal.once-per-game';
      return 'raiders.move.roll';
    }
    if (phase === 'move-to') {
      if (action.kind === 'move-to') {
        const board = this.board;
        const here = state.raiders[state.current].position;
        if (!board.spaces.has(action.space) || !board.neighbours(here).includes(action.space)) return 'raiders.move.any-direction';
        if (action.audacity > state.raiders[state.current].audacity) return 'raiders.audacity.alter-roll';
        const space = board.spaces.get(action.space);
        if (this.options.special_tiles && space.colour === 'yellow-red' && action.face === 'tails') return 'raiders.advanced.yellow-red-heads-only';
        if (this.options.special_tiles && space.colour === 'black' && action.audacity) return 'raiders.advanced.black-any-face';
        if (action.face === 'natural') return 'raiders.move.natural-six';
        if (board.isEncounter(action.space)) return 'raiders.move.encounter-rooms';
      }
      return 'raiders.move.number-match';
    }
    if (phase === 'boost' || phase.startsWith('attack-boost')) return 'raiders.advanced.audacity-advanced';
    if (phase === 'forced-move') return 'raiders.encounter.forced-move';
    if (phase === 'spend') return 'raiders.audacity.alter-roll';
    if (phase === 'attack-defender' || phase === 'attack-attacker') return 'raiders.attack.audacity-order';
    if (phase === 'place') {
      const e = findEffect(state, 'place');
      return e ? e.rule : 'raiders.move.any-direction';
    }
    return 'raiders.move.roll';
  }

  // The turn's start: a lost turn, the escape from the Boss, an Attack due, an Encounter to resolve.
  turnStart(state, player) {
    if (state.phase === 'over') return state;
    state = evolve(state, { current: player, turn: state.turn + 1, roll: null, attack: null, effects: [],
      phase: 'action' });
    const raider = state.raiders[player];
    if (raider.loses_next_turn) {
      state = withRaider(state, player, { loses_next_turn: false });
      return this.roundCount(state);
    }
    if (raider.trapped) return this.beginRoll(state, 'escape');
    if (this.isAttackDue(state, player)) {
      state = addEffect(state, effect('attack-due', 'raiders.attack.on-turn-start', 'turn'));
      if (state.boss !== null) return this.beginRoll(state, 'boss');
      return this.beginAttack(state);
    }
    if (raider.in_encounter && ['monster', 'trap'].includes(this.board.spaces.get(raider.position).kind)) {
      return this.beginRoll(state, 'encounter');
    }
    const pulled = this.pullers(state, player);
    if (pulled.length) {
      state = addEffect(state, effect('pulled-by', 'raiders.encounter.forced-move', 'turn', { player, items: pulled }));
    }
    return state;
  }

  beginRoll(state, purpose) {
    const raider = state.raiders[state.current];
    const roll = { purpose, pennies: raider.pennies, heads: null, extra: 0, face: null, number: null };
    if (this.options.audacity_advanced && purpose !== 'boss' && raider.audacity > 0) return evolve(state, { phase: 'boost', roll });
    return evolve(state, { phase: 'roll', roll });
  }

  boost(state, action) {
    state = this.loseAudacity(state, state.current, action.audacity);
    const roll = evolve(state.roll, { pennies: state.roll.pennies + action.audacity, extra: action.audacity });
    return evolve(state, { phase: 'roll', roll });
  }

  actionChosen(state, action) {
    if (action.kind === 'move') return this.beginRoll(state, 'move');
    if (action.kind === 'use-portal') {
      state = withRaider(state, state.current, { portal_used: true });
      return this.beginRoll(state, 'portal');
    }
    state = action.kind === 'prepare' ? this.gainAudacity(state, state.current) : this.rest(state);
    // "If Boss Monster is Spawned, you must still roll for his movement."
    if (state.boss !== null) return this.beginRoll(state, 'boss');
    return this.roundCount(state);
  }

  applyRoll(state, heads) {
    const roll = evolve(state.roll, { heads });
    state = evolve(state, { roll });
    if (roll.purpose === 'boss') return this.turnEnd(state);
    if (roll.purpose === 'move') {
      if (this.isNaturalSix(roll)) state = this.gainAudacity(state, state.current);
      return evolve(state, { phase: 'move-to' });
    }
    // A roll for a 5 or 6: an Encounter, the Portal, or the escape from the Boss.
    if (this.passesUnaltered(roll)) return this.fiveOrSix(state, true);
    if (this.options.audacity_advanced || this.spendOptions(state).length === 1) return this.fiveOrSix(state, false);
    return evolve(state, { phase: 'spend' });
  }

  spend(state, action) {
    if (action.audacity === 0) return this.fiveOrSix(state, false);
    state = this.loseAudacity(state, state.current, action.audacity);
    return this.fiveOrSix(state, true);
  }

  fiveOrSix(state, passed) {
    const me = state.current;
    const purpose = state.roll.purpose;
    const raider = state.raiders[me];
    const here = raider.position;
    if (purpose === 'portal') {
      state = withRaider(state, me, { in_encounter: false, came_from: null });
      if (this.portalTargets(here).length || !passed) {
        return passed ? placingFor(state, 'portal', 'raiders.portal.success')
          : placingFor(state, 'malfunction', 'raiders.portal.malfunction');
      }
      return this.turnEnd(state);
    }
    if (purpose === 'escape') {
      state = withRaider(state, me, { trapped: false });
      if (passed) {
        state = this.gainAudacity(state, me);
        state = this.gainPenny(state, me);
        return this.placeOrEnd(state, 'ahead', 'raiders.boss.escape-pass');
      }
      state = this.loseAudacity(state, me);
      state = this.losePenny(state, me);
      return this.placeOrEnd(state, 'back', 'raiders.boss.escape-fail');
    }
    const kind = this.board.spaces.get(here).kind;
    state = withRaider(state, me, { in_encounter: false });
    if (kind === 'monster') {
      if (passed) {
        state = this.gainAudacity(state, me);
        return this.placeOrEnd(state, 'ahead', 'raiders.monster.pass');
      }
      state = this.loseAudacity(state, me);
      if (raider.came_from !== null) state = this.landing(state, me, raider.came_from, here);
      return this.turnEnd(state);
    }
    // A Trap: pass or fail, the Raider moves ahead.
    state = passed ? this.gainPenny(state, me) : this.losePenny(state, me);
    return this.placeOrEnd(state, 'ahead', passed ? 'raiders.trap.pass' : 'raiders.trap.fail');
  }

  placeOrEnd(state, why, rule) {
    if (state.phase === 'over' || killed(state.raiders[state.current])) return this.turnEnd(state);
    const placed = placingFor(state, why, rule);
    if (this.placeTargets(placed).length) return placed;
    return this.turnEnd(state);
  }

  place(state, action) {
    const me = state.current;
    const here = state.raiders[me].position;
    state = dropEffect(state, 'place');
    state = this.landing(state, me, action.space, here);
    return this.turnEnd(state);
  }

  moveTo(state, action) {
    const me = state.current;
    const here = state.raiders[me].position;
    const number = this.board.spaces.get(action.space).number;
    state = this.loseAudacity(state, me, action.audacity);
    state = evolve(state, { roll: evolve(state.roll, { face: action.face, number }) });
    state = this.landing(state, me, action.space, here);
    return this.turnEnd(state);
  }

  stay(state) {
    const pulled = pullers(state);
    const failed = pulled.length > 0
      && (!this.hasMatch(state) || read(this.options, 'failing_a_move_roll') === 'not-moving');
    if (failed) {
      if (pulled.length > 1) return evolve(state, { phase: 'forced-move' });
      return this.forced(state, act('place', { space: pulled[0] }));
    }
    return this.turnEnd(state);
  }

  forced(state, action) {
    const me = state.current;
    state = this.landing(state, me, action.space, state.raiders[me].position);
    return this.turnEnd(state);
  }

  // The Raider arrives on a space: escaping, entering an Encounter room, or an Attack due.
  landing(state, player, space, from) {
    const kind = this.board.spaces.get(space).kind;
    const raider = state.raiders[player];
    const encounter = kind === 'monster' || kind === 'trap'
      || (kind === 'portal' && (!raider.portal_used || this.bugs.has('portal-twice')));
    state = withRaider(state, player, { position: space, in_encounter: encounter, came_from: encounter ? from : null });
    if (kind === 'escape' && state.grail === player) return evolve(state, { phase: 'over', outcome: 'escaped', winner: player });
    if (this.isAttackDue(state, player)) state = addEffect(state, effect('attack-due', 'raiders.attack.on-move', 'turn'));
    return state;
  }

  beginAttack(state) {
    const holder = state.grail;
    const me = state.current;
    if (!this.isAttackDue(state, me)) return this.roundCount(dropEffect(state, 'attack-due'));
    state = evolve(dropEffect(state, 'attack-due'), { phase: 'attack-roll', attack: { attacker: me, defender: holder,
      attacker_extra: 0, defender_extra: 0, attacker_heads: null, defender_heads: null, defender_spent: null } });
    if (this.options.audacity_advanced && read(this.options, 'audacity_advanced_attack') === 'before-roll-defender-first') {
      return this.nextBoost(state);
    }
    return state;
  }

  nextBoost(state) {
    const a = state.attack;
    if (state.phase === 'attack-roll' && state.raiders[a.defender].audacity > 0 && a.defender_extra === 0) {
      return evolve(state, { phase: 'attack-boost-defender' });
    }
    if (['attack-roll', 'attack-boost-defender'].includes(state.phase) && state.raiders[a.attacker].audacity > 0) {
      return evolve(state, { phase: 'attack-boost-attacker' });
    }
    return evolve(state, { phase: 'attack-roll' });
  }

  attackBoost(state, action) {
    const a = state.attack;
    if (state.phase === 'attack-boost-defender') {
      state = this.loseAudacity(state, a.defender, action.audacity);
      state = evolve(state, { attack: evolve(a, { defender_extra: action.audacity }) });
      if (state.raiders[a.attacker].audacity > 0) return evolve(state, { phase: 'attack-boost-attacker' });
      return evolve(state, { phase: 'attack-roll' });
    }
    state = this.loseAudacity(state, a.attacker, action.audacity);
    return evolve(state, { attack: evolve(a, { attacker_extra: action.audacity }), phase: 'attack-roll' });
  }

  attackRoll(state, action) {
    const a = evolve(state.attack, { attacker_heads: action.attacker, defender_heads: action.defender });
    state = evolve(state, { attack: a });
    const spendsAfter = !this.options.audacity_advanced
      || read(this.options, 'audacity_advanced_attack') === 'after-roll-as-standard';
    if (spendsAfter) {
      // The Defender spends Audacity first, then the Attacker.
      const first = this.bugs.has('audacity-order-reversed') ? a.attacker : a.defender;
      if (state.raiders[first].audacity > 0) {
        return evolve(state, { phase: first === a.defender ? 'attack-defender' : 'attack-attacker' });
      }
      if (state.raiders[a.attacker].audacity > 0) {
        return evolve(state, { phase: 'attack-attacker', attack: evolve(a, { defender_spent: 0 }) });
      }
    }
    return this.resolveAttack(state, 0, 0);
  }

  attackSpend(state, action) {
    let a = state.attack;
    if (state.phase === 'attack-defender') {
      state = this.loseAudacity(state, a.defender, action.audacity);
      a = evolve(a, { defender_spent: action.audacity });
      state = evolve(state, { attack: a });
      if (state.raiders[a.attacker].audacity > 0) return evolve(state, { phase: 'attack-attacker' });
      return this.resolveAttack(state, action.audacity, 0);
    }
    state = this.loseAudacity(state, a.attacker, action.audacity);
    return this.resolveAttack(state, a.defender_spent || 0, action.audacity);
  }

  resolveAttack(state, defenderSpent, attackerSpent) {
    const a = state.attack;
    const won = this.isAttackWon(a.attacker_heads, attackerSpent, a.defender_heads, defenderSpent);
    state = this.attackResult(state, won);
    return this.roundCount(state);
  }

  // After the Action and its roll: the Boss moves, then any Attack due, then the next turn.
  turnEnd(state) {
    if (state.phase === 'over') return state;
    if (killed(state.raiders[state.current])) return this.roundCount(state);
    if (state.boss !== null && state.roll !== null && state.roll.heads !== null) {
      state = this.bossMove(state);
      if (state.phase === 'over') return state;
    }
    if (findEffect(state, 'attack-due')) return this.beginAttack(state);
    return this.roundCount(state);
  }

  // A round is over when every Raider still in the game has had a turn; then the Quarter moves down.
  roundCount(state) {
    if (state.phase === 'over') return state;
    const living = state.raiders.filter((r) => !killed(r));
    if (living.length === 0) return evolve(state, { phase: 'over', outcome: state.outcome || 'killed', winner: null });
    const turns = state.turns_in_round + 1;
    if (turns >= living.length) state = this.roundEnd(evolve(state, { turns_in_round: 0 }));
    else state = evolve(state, { turns_in_round: turns });
    let next = 1 - state.current;
    if (killed(state.raiders[next])) next = state.current;
    return this.turnStart(state, next);
  }
}

const BUGS = ['ties-to-attacker', 'grail-penny-kept', 'boss-track-off-by-one', 'natural-six-on-five',
  'rest-regains-grail-penny', 'audacity-order-reversed', 'portal-twice'];

module.exports = { Raiders, Board, IllegalAction, Unspecified, InvalidInput, decodeAction, makeOptions, BUGS };
