package org.ibrouting.engines.nue;

import java.util.Arrays;

/**
 * The colours of one virtual layer as OpenSM's Nue keeps them: every holder (a cCDG vertex or edge)
 * points at a colour object, and an object's <em>real</em> colour is one level of indirection away,
 * so that OpenSM's merges only redirect that pointer ({@link #redirect}). The holders of one object
 * form a disjoint set (union by size, path compression), so that OpenSM's sweep after every
 * destination ({@code object = realColor[object]} for every holder, {@link #flatten}) moves whole
 * sets instead of visiting every holder.
 *
 * <p>Memory: 4 bytes per holder, 12 bytes per set, 9 bytes per colour object.
 */
final class ColorStore {
  /** The set element of each holder; may point below the set's root until {@link #objOf}. */
  private final int[] elemOf;

  private int[] realColor;

  /** Disjoint sets of holders sharing a colour object: parent, size, and the object of a root. */
  private int[] parent = new int[64];

  private int[] size = new int[64];
  private int[] label = new int[64];
  private int numElems;

  /** The root of the set of holders of each object, or -1. */
  private int[] setOf;

  /**
   * Objects that may hold holders under another real colour: redirected since the last {@link
   * #flatten}, or given a set while redirected.
   */
  private int[] redirected = new int[64];

  private int numRedirected;
  private boolean[] isRedirected;
  private int[] moveObj = new int[64];
  private int[] moveElem = new int[64];

  ColorStore(int numHolders) {
    elemOf = new int[numHolders];
  }

  /**
   * Starts a layer: {@code numColors} objects, each its own colour; every holder on {@code obj}.
   */
  void reset(int numColors, int obj) {
    realColor = new int[numColors];
    for (int c = 0; c < numColors; c++) {
      realColor[c] = c;
    }
    setOf = new int[numColors];
    Arrays.fill(setOf, -1);
    isRedirected = new boolean[numColors];
    numRedirected = 0;
    numElems = 0;
    Arrays.fill(elemOf, rootOf(obj));
  }

  /** The colour object of holder {@code h}. */
  int objOf(int h) {
    int x = elemOf[h];
    if (parent[x] == x) {
      return label[x];
    }
    int root = find(x);
    elemOf[h] = root;
    return label[root];
  }

  /** The real colour of holder {@code h}. */
  int colorOf(int h) {
    return realColor[objOf(h)];
  }

  /** The real colour of object {@code obj}. */
  int realColor(int obj) {
    return realColor[obj];
  }

  /** Points holder {@code h} at object {@code obj}. */
  void setObj(int h, int obj) {
    elemOf[h] = rootOf(obj);
  }

  /** Redirects object {@code obj} to the colour {@code color} (OpenSM's merge). */
  void redirect(int obj, int color) {
    realColor[obj] = color;
    noteRedirected(obj);
  }

  private void noteRedirected(int obj) {
    if (!isRedirected[obj]) {
      isRedirected[obj] = true;
      if (numRedirected == redirected.length) {
        redirected = Arrays.copyOf(redirected, numRedirected * 2);
      }
      redirected[numRedirected++] = obj;
    }
  }

  private int find(int x) {
    int root = x;
    while (parent[root] != root) {
      root = parent[root];
    }
    while (parent[x] != root) {
      int next = parent[x];
      parent[x] = root;
      x = next;
    }
    return root;
  }

  /** The set of holders of {@code obj}, created empty if there is none. */
  private int rootOf(int obj) {
    int root = setOf[obj];
    if (root < 0) {
      if (numElems == parent.length) {
        parent = Arrays.copyOf(parent, numElems * 2);
        size = Arrays.copyOf(size, numElems * 2);
        label = Arrays.copyOf(label, numElems * 2);
      }
      root = numElems++;
      parent[root] = root;
      size[root] = 1;
      label[root] = obj;
      setOf[obj] = root;
      if (realColor[obj] != obj) {
        noteRedirected(obj);
      }
    }
    return root;
  }

  /**
   * {@code object = realColor[object]} for every holder, as OpenSM's final sweep does: the holders
   * of each redirected object move, all at once, to the object it points at.
   */
  void flatten() {
    int moves = 0;
    for (int i = 0; i < numRedirected; i++) {
      int obj = redirected[i];
      if (realColor[obj] != obj && setOf[obj] >= 0) {
        if (moves == moveObj.length) {
          moveObj = Arrays.copyOf(moveObj, moves * 2);
          moveElem = Arrays.copyOf(moveElem, moves * 2);
        }
        moveObj[moves] = obj;
        moveElem[moves] = setOf[obj];
        moves++;
      }
    }
    for (int k = 0; k < moves; k++) {
      setOf[moveObj[k]] = -1;
    }
    for (int k = 0; k < moves; k++) {
      int target = realColor[moveObj[k]];
      int moved = moveElem[k];
      int root = setOf[target];
      if (root < 0) {
        setOf[target] = moved;
        label[moved] = target;
      } else if (size[moved] > size[root]) {
        parent[root] = moved;
        size[moved] += size[root];
        label[moved] = target;
        setOf[target] = moved;
      } else {
        parent[moved] = root;
        size[root] += size[moved];
      }
    }
    // only an object that is a move's target and redirected itself still holds holders it must
    // move; one given a set later joins again (rootOf), so the list stays short
    int kept = 0;
    for (int i = 0; i < numRedirected; i++) {
      int obj = redirected[i];
      if (realColor[obj] != obj && setOf[obj] >= 0) {
        redirected[kept++] = obj;
      } else {
        isRedirected[obj] = false;
      }
    }
    numRedirected = kept;
  }
}
