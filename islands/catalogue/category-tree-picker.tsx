import { useEffect, useMemo, useState } from "react";
import { callApi } from "../api";
import { indexTree, joinCategoryIds, nodeState, searchTree, selectedIds, toggleNode, type TreeIndex, type TreeNode } from "@/modules/catalogue/category/tree";

export interface CategoryTreePickerProps {
  /** The tree, rendered with the page (forms)… */
  tree?: TreeNode[];
  /** …or where to fetch it after hydration (the list filter: the page never waits for the tree). */
  treeUrl?: string;
  /** Shown when the tree could not be loaded. */
  loadErrorText?: string;
  /** The ids ticked at start (the saved selection or the current filter). */
  selected: number[];
  /** Form mode posts one hidden input `name` per selected id. */
  name: string;
  /** Filter mode writes the semicolon-joined ids into the input with this id and tells its form. */
  filterInputId?: string;
  label: string;
  emptyText: string;
  clearLabel?: string;
  /** The search box over a tree of SEARCH_FROM nodes or more: its label and what shows when nothing matches. */
  searchLabel?: string;
  noMatchText?: string;
  /** A node's tooltip, `{id}` standing for its id (translated on the server like every text here). */
  idTooltip?: string;
}

/** Below this many categories the whole tree fits at a glance and a search box is clutter. */
export const SEARCH_FROM = 12;

const TREE_SKELETON = ["70%", "55%", "80%", "60%", "75%", "50%"];

/** Lets the list's htmx form know the tree filter changed; must match views/components/data-table.tsx. */
const FILTERS_CHANGED_EVENT = "filters-changed";

function Node({
  node,
  index,
  ticked,
  shown,
  onToggle,
  depth,
  idTooltip,
}: {
  node: TreeNode;
  index: TreeIndex;
  ticked: ReadonlySet<number>;
  /** While searching, the ids that show; null shows all. */
  shown: ReadonlySet<number> | null;
  onToggle: (id: number) => void;
  depth: number;
  idTooltip?: string;
}) {
  if (shown && !shown.has(node.id)) return null;
  const state = nodeState(index, ticked, node.id);
  const id = `tree-node-${node.id}`;
  return (
    <li role="treeitem" aria-checked={state === "partial" ? "mixed" : state === "checked"} aria-expanded={node.children.length ? true : undefined} aria-level={depth}>
      <label htmlFor={id} className={`tree-label tree-${state}`} title={idTooltip?.replace("{id}", String(node.id))}>
        <input
          id={id}
          type="checkbox"
          checked={state === "checked"}
          data-state={state}
          ref={(element) => {
            if (element) element.indeterminate = state === "partial";
          }}
          onChange={() => onToggle(node.id)}
        />
        <span>{node.name}</span>
      </label>
      {node.children.length ? (
        <ul role="group">
          {node.children.map((child) => (
            <Node key={child.id} node={child} index={index} ticked={ticked} shown={shown} onToggle={onToggle} depth={depth + 1} idTooltip={idTooltip} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The one category tree picker (docs/domain.md#categories), used in the product form, the parameter form and the products filter. */
export default function CategoryTreePicker(props: CategoryTreePickerProps) {
  const [fetched, setFetched] = useState<TreeNode[] | "failed" | null>(null);
  useEffect(() => {
    if (props.tree || !props.treeUrl) return;
    let current = true;
    void callApi<TreeNode[]>(props.treeUrl).then((answer) => {
      if (current) setFetched(answer?.status === "success" && answer.data ? answer.data : "failed");
    });
    return () => {
      current = false;
    };
  }, [props.tree, props.treeUrl]);
  const tree = props.tree ?? (Array.isArray(fetched) ? fetched : null);
  const index = useMemo(() => indexTree(tree ?? []), [tree]);
  // Until a fetched tree arrives, the ids asked for stay ticked as they are.
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => new Set(props.selected));
  useEffect(() => {
    if (tree) setTicked((current) => new Set([...current].filter((id) => index.parentOf.has(id))));
  }, [tree, index]);
  const selection = tree ? selectedIds(index, ticked) : props.selected;
  const [query, setQuery] = useState("");
  const shown = useMemo(() => (tree ? searchTree(tree, index, query) : null), [tree, index, query]);
  const searchable = Boolean(props.searchLabel) && index.order.length >= SEARCH_FROM;

  const publish = (next: ReadonlySet<number>) => {
    if (!props.filterInputId || typeof document === "undefined") return;
    const input = document.getElementById(props.filterInputId) as HTMLInputElement | null;
    if (!input) return;
    input.value = joinCategoryIds(selectedIds(index, next));
    input.form?.dispatchEvent(new Event(FILTERS_CHANGED_EVENT, { bubbles: true }));
  };

  const toggle = (id: number) => {
    setTicked((current) => {
      const next = toggleNode(index, current, id);
      publish(next);
      return next;
    });
  };

  return (
    <div className="tree-picker" data-selected={joinCategoryIds(selection)}>
      <div className="tree-picker-head">
        {/* In a form the field row already labels the tree; the filter shows its own heading. */}
        {props.filterInputId ? <span className="tree-picker-label">{props.label}</span> : <span />}
        {props.clearLabel && ticked.size > 0 ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              const next = new Set<number>();
              setTicked(next);
              publish(next);
            }}
          >
            {props.clearLabel}
          </button>
        ) : null}
      </div>
      {fetched === "failed" ? (
        <p className="tree-empty" role="alert">
          {props.loadErrorText ?? props.emptyText}
        </p>
      ) : !tree ? (
        <div className="tree-loading" role="status" aria-busy="true" aria-label={props.label}>
          {TREE_SKELETON.map((width, i) => (
            <div key={i} className="skeleton-line" style={{ width }} />
          ))}
        </div>
      ) : tree.length === 0 ? (
        <p className="tree-empty">{props.emptyText}</p>
      ) : (
        <>
          {searchable ? (
            <input
              type="search"
              className="tree-search"
              value={query}
              placeholder={props.searchLabel}
              aria-label={props.searchLabel}
              autoComplete="off"
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                // Enter would submit the surrounding form; Escape clears the search first.
                if (event.key === "Enter") event.preventDefault();
                if (event.key === "Escape" && query) {
                  event.preventDefault();
                  setQuery("");
                }
              }}
            />
          ) : null}
          {shown && shown.size === 0 ? (
            <p className="tree-empty">{props.noMatchText ?? props.emptyText}</p>
          ) : (
            <ul className="tree" role="tree" aria-label={props.label} aria-multiselectable="true">
              {tree.map((node) => (
                <Node key={node.id} node={node} index={index} ticked={ticked} shown={shown} onToggle={toggle} depth={1} idTooltip={props.idTooltip} />
              ))}
            </ul>
          )}
        </>
      )}
      {props.filterInputId
        ? null
        : selection.map((id) => <input key={id} type="hidden" name={props.name} value={id} />)}
    </div>
  );
}
