#!/usr/bin/env node
'use strict';
/*
 * The conform protocol (docs/oracle.md): JSON-RPC 2.0, one message per line, on stdin and stdout.
 *
 *   reset {game, options, board, state?}  ->  {state, fields?}
 *   step  {action}                         ->  {state}, or error {code: 1, data: {rule}} when the action
 *                                              breaks a rule (the state stays as it was)
 *   shutdown (a notification)              ->  the process exits
 *
 * Usage: node server.js [--bug NAME ...]   (NAME: a deliberate mistake, for testing the oracle)
 */

const readline = require('readline');
const { Raiders, InvalidInput, IllegalAction, Unspecified, decodeAction, BUGS } = require('./raiders');

const ILLEGAL_ACTION = 1;
const UNSPECIFIED = 2;
const UNSUPPORTED = 3;

const bugs = new Set();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === '--bug' && i + 1 < process.argv.length) {
    const name = process.argv[++i];
    if (!BUGS.includes(name)) {
      process.stderr.write(`unknown bug ${name}; known: ${BUGS.join(', ')}\n`);
      process.exit(2);
    }
    bugs.add(name);
  }
}

let game = null;
let state = null;

class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

const methods = {
  reset(params) {
    if (!params || typeof params !== 'object') throw new RpcError(-32602, 'reset needs params');
    if (params.game !== 'raiders') throw new RpcError(UNSUPPORTED, `this implementation plays raiders, not ${params.game}`);
    if (params.board !== null && typeof params.board !== 'object') {
      throw new RpcError(UNSUPPORTED, 'this implementation needs the board as data, not a name');
    }
    try {
      game = new Raiders(params.options, params.board, bugs);
    } catch (err) {
      if (err instanceof InvalidInput) throw new RpcError(UNSUPPORTED, err.message);
      throw err;
    }
    state = params.state ? params.state : game.initialState();
    return { state };
  },

  step(params) {
    if (game === null) throw new RpcError(-32002, 'step before reset');
    let action;
    try {
      action = decodeAction(params && params.action);
    } catch (err) {
      if (err instanceof InvalidInput) throw new RpcError(-32602, err.message);
      throw err;
    }
    try {
      state = game.step(state, action);
    } catch (err) {
      if (err instanceof IllegalAction) throw new RpcError(ILLEGAL_ACTION, err.message, { rule: err.rule });
      if (err instanceof Unspecified) throw new RpcError(UNSPECIFIED, err.message, { ambiguity: err.ambiguity });
      throw err;
    }
    return { state };
  },
};

function reply(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (!line.trim()) return;
  let request;
  try {
    request = JSON.parse(line);
  } catch (err) {
    reply({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `parse error: ${err.message}` } });
    return;
  }
  const id = request.id === undefined ? null : request.id;
  if (request.method === 'shutdown') process.exit(0);
  const method = methods[request.method];
  if (!method) {
    if (request.id !== undefined) reply({ jsonrpc: '2.0', id, error: { code: -32601, message: `no method ${request.method}` } });
    return;
  }
  try {
    reply({ jsonrpc: '2.0', id, result: method(request.params) });
  } catch (err) {
    if (err instanceof RpcError) {
      const error = { code: err.code, message: err.message };
      if (err.data !== undefined) error.data = err.data;
      reply({ jsonrpc: '2.0', id, error });
    } else {
      reply({ jsonrpc: '2.0', id, error: { code: -32603, message: `internal error: ${err.stack || err}` } });
    }
  }
});
lines.on('close', () => process.exit(0));
