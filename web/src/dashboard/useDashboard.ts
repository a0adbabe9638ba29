import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from 'ra-core';
import { errorKeyOf } from '../core/api';
import { saveQueue } from '../core/saveQueue';
import { createTile, deleteTile, listTiles, move, saveTiles, type NewTile, type Tile } from './dashboardApi';

/** The pinned tiles and every change to them, each persisted at once through the API. */
export function useDashboard() {
  const notify = useNotify();
  const [tiles, setTiles] = useState<Tile[] | null>(null);
  /** The last tile removed and where it stood, until the user undoes it or the notice closes. */
  const [removed, setRemoved] = useState<{ tile: Tile; index: number } | null>(null);
  /** Bumped when the current dashboard profile changes: its tiles are read again. */
  const [version, setVersion] = useState(0);

  /** Layout saves one after the other; only the latest one's answer is shown (core/saveQueue). */
  const saves = useRef(saveQueue()).current;

  const fail = useCallback((error: unknown) => notify(`errors.${errorKeyOf(error)}`, { type: 'error' }), [notify]);

  useEffect(() => {
    let live = true;
    listTiles()
      .then((list) => live && setTiles([...list].sort((a, b) => a.x - b.x)))
      .catch((error) => {
        if (!live) return;
        setTiles([]);
        fail(error);
      });
    return () => {
      live = false;
    };
  }, [fail, version]);

  const persist = async (next: Tile[]) => {
    const previous = tiles;
    setTiles(next);
    const save = saves.run(() => saveTiles(next));
    try {
      const saved = await save.done;
      if (save.latest()) setTiles([...saved].sort((a, b) => a.x - b.x));
    } catch (error) {
      if (save.latest()) setTiles(previous);
      fail(error);
    }
  };

  return {
    tiles,
    /** Reads the tiles again (another dashboard profile is current). */
    reload: () => {
      setRemoved(null);
      setVersion((v) => v + 1);
    },
    add: async (tile: NewTile) => {
      try {
        const created = await createTile({ ...tile });
        setTiles((all) => [...(all ?? []), created]);
        notify('messages.dataSaved', { type: 'success' });
      } catch (error) {
        fail(error);
      }
    },
    update: (uuid: string, change: Partial<Tile>) => persist((tiles ?? []).map((t) => (t.uuid === uuid ? { ...t, ...change } : t))),
    reorder: (from: number, to: number) => persist(move(tiles ?? [], from, to)),
    remove: async (uuid: string) => {
      const index = (tiles ?? []).findIndex((t) => t.uuid === uuid);
      try {
        await deleteTile(uuid);
        setTiles((all) => (all ?? []).filter((t) => t.uuid !== uuid));
        if (index >= 0) setRemoved({ tile: tiles![index], index });
      } catch (error) {
        fail(error);
      }
    },
    removed: removed?.tile ?? null,
    forgetRemoved: () => setRemoved(null),
    /** Puts the removed tile back (pinned again, same size and configuration) at the place it had. */
    undoRemove: async () => {
      if (!removed) return;
      setRemoved(null);
      const { tile, index } = removed;
      try {
        const created = await createTile({
          id_object: tile.id_object,
          type: tile.type as NewTile['type'],
          width: tile.width,
          height: tile.height,
          config: tile.config,
        });
        const current = tiles ?? [];
        const next = [...current.slice(0, index), created, ...current.slice(index)];
        await persist(next);
      } catch (error) {
        fail(error);
      }
    },
  };
}
