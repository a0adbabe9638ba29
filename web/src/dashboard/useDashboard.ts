import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'ra-core';
import { errorKeyOf } from '../core/api';
import { createTile, deleteTile, listTiles, move, saveTiles, type NewTile, type Tile } from './dashboardApi';

/** The pinned tiles and every change to them, each persisted at once through the API. */
export function useDashboard() {
  const notify = useNotify();
  const [tiles, setTiles] = useState<Tile[] | null>(null);

  const fail = useCallback((error: unknown) => notify(`errors.${errorKeyOf(error)}`, { type: 'error' }), [notify]);

  useEffect(() => {
    listTiles()
      .then((list) => setTiles([...list].sort((a, b) => a.x - b.x)))
      .catch((error) => {
        setTiles([]);
        fail(error);
      });
  }, [fail]);

  const persist = async (next: Tile[]) => {
    const previous = tiles;
    setTiles(next);
    try {
      const saved = await saveTiles(next);
      setTiles([...saved].sort((a, b) => a.x - b.x));
    } catch (error) {
      setTiles(previous);
      fail(error);
    }
  };

  return {
    tiles,
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
      try {
        await deleteTile(uuid);
        setTiles((all) => (all ?? []).filter((t) => t.uuid !== uuid));
      } catch (error) {
        fail(error);
      }
    },
  };
}
