import { configureStore } from "@reduxjs/toolkit";
import { filtersReducer } from "./filters";
import todos from "./todos";

export const store = configureStore({ reducer: { todos, filters: filtersReducer } });
export const dispatch = store.dispatch;
